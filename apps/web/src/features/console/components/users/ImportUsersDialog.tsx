import { type UserImportRow, USER_IMPORT_COLUMNS } from "@parley/protocol";
import {
  Alert,
  Button,
  Flex,
  Modal,
  Radio,
  Table,
  Tag,
  Typography,
  Upload,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { siteAbsolute } from "../../../../lib/site-address";
import { refusalText } from "../../../../lib/feedback";
import { useImportUsersMutation } from "../../users.queries";
import { roleOf } from "./user-fields";

/** A file the browser saves: the template, or the results with their passwords. */
function save(name: string, rows: readonly (readonly string[])[]): void {
  const quote = (value: string) =>
    /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  const text = rows.map((row) => row.map(quote).join(",")).join("\r\n");
  const url = URL.createObjectURL(
    // A BOM: spreadsheets then read the names in any script.
    new Blob([`\uFEFF${text}\r\n`], { type: "text/csv;charset=utf-8" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Users → Import from CSV (issue 47): choose a file, see every row checked (what is wrong,
 * row by row), choose made-up passwords or invitation links for the rows without one,
 * create them all at once, then download the results with the passwords or links (shown
 * only now).
 */
export function ImportUsersDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("consoleUsers");
  const run = useImportUsersMutation();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [invite, setInvite] = useState(false);
  const result = run.data;
  const rows = result?.rows ?? [];
  const wrong = rows.filter((row) => row.problems.length > 0).length;
  const created = result?.created ?? 0;

  const close = () => {
    setCsv(null);
    setFileName("");
    setInvite(false);
    run.reset();
    onClose();
  };
  const choose = async (file: File) => {
    const text = await file.text();
    setCsv(text);
    setFileName(file.name);
    run.mutate({ csv: text, create: false });
  };

  const columns = [
    { title: t("import.columns.line"), dataIndex: "line", width: 64 },
    {
      title: t("import.columns.account"),
      dataIndex: "account",
      ellipsis: true,
    },
    { title: t("import.columns.name"), dataIndex: "realname", ellipsis: true },
    { title: t("import.columns.email"), dataIndex: "email", ellipsis: true },
    {
      title: t("import.columns.role"),
      dataIndex: "role",
      width: 130,
      render: (role: number) => {
        const entry = roleOf(role);
        return <Tag color={entry.color}>{t(entry.key)}</Tag>;
      },
    },
    created > 0
      ? {
          title: invite
            ? t("import.columns.link")
            : t("import.columns.password"),
          key: "secret",
          render: (_: unknown, row: UserImportRow) =>
            row.link ? (
              <Typography.Text
                copyable={{ text: siteAbsolute(row.link) }}
                ellipsis
              >
                {siteAbsolute(row.link)}
              </Typography.Text>
            ) : row.password ? (
              <Typography.Text code copyable>
                {row.password}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">
                {t("import.given")}
              </Typography.Text>
            ),
        }
      : {
          title: t("import.columns.problems"),
          dataIndex: "problems",
          render: (problems: string[]) =>
            problems.length === 0 ? (
              <Tag color="green">{t("import.ok")}</Tag>
            ) : (
              problems.map((key) => (
                <Typography.Text
                  key={key}
                  type="danger"
                  style={{ display: "block" }}
                >
                  {refusalText({ key, msg: key })}
                </Typography.Text>
              ))
            ),
        },
  ];

  const template = () =>
    save("parley-users-template.csv", [
      [...USER_IMPORT_COLUMNS],
      ["li.wei", "李伟", "li.wei@example.com", "user", ""],
      ["ann.lee", "Ann Lee", "ann@example.com", "admin", ""],
    ]);
  const results = () =>
    save("parley-users-created.csv", [
      ["account", "name", "email", "role", invite ? "link" : "password"],
      ...rows.map((row: UserImportRow) => [
        row.account,
        row.realname,
        row.email,
        t(roleOf(row.role).key),
        row.link ? siteAbsolute(row.link) : (row.password ?? ""),
      ]),
    ]);

  return (
    <Modal
      open={open}
      title={t("import.title")}
      onCancel={close}
      width={860}
      destroyOnHidden
      footer={
        created > 0 ? (
          <Flex justify="end" gap={8} wrap>
            <Button onClick={results}>{t("import.download")}</Button>
            <Button type="primary" onClick={close}>
              {t("import.done")}
            </Button>
          </Flex>
        ) : (
          <Flex justify="end" gap={8} wrap>
            <Button onClick={close}>{t("import.cancel")}</Button>
            <Button
              type="primary"
              disabled={!csv || rows.length === 0 || wrong > 0}
              loading={run.isPending && csv !== null && rows.length > 0}
              onClick={() => {
                if (csv) run.mutate({ csv, create: true, invite });
              }}
            >
              {t("import.create", { count: rows.length })}
            </Button>
          </Flex>
        )
      }
    >
      {created > 0 ? (
        <Alert
          type="success"
          showIcon
          title={t("import.created", { count: created })}
          description={t(invite ? "import.linksOnce" : "import.passwordsOnce")}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <>
          <Typography.Paragraph>
            {t("import.help")}{" "}
            <Button
              type="link"
              size="small"
              onClick={template}
              style={{ padding: 0 }}
            >
              {t("import.template")}
            </Button>
          </Typography.Paragraph>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={(file) => {
              void choose(file);
              return false;
            }}
          >
            <Button loading={run.isPending && rows.length === 0}>
              {fileName ? t("import.chooseAgain") : t("import.choose")}
            </Button>
          </Upload>
          {fileName && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {fileName}
            </Typography.Text>
          )}
          {rows.length > 0 && wrong === 0 && (
            <div style={{ marginTop: 16 }}>
              <Typography.Text>{t("import.without")}</Typography.Text>
              <Radio.Group
                value={invite ? "link" : "password"}
                onChange={(event) => setInvite(event.target.value === "link")}
                style={{
                  display: "flex",
                  flexWrap: "wrap",
                  gap: 8,
                  marginTop: 4,
                }}
                options={[
                  { value: "password", label: t("import.makePasswords") },
                  { value: "link", label: t("import.sendLinks") },
                ]}
              />
            </div>
          )}
          {rows.length > 0 && (
            <Alert
              type={wrong > 0 ? "warning" : "info"}
              showIcon
              title={
                wrong > 0
                  ? t("import.problems", { count: wrong })
                  : t("import.ready", { count: rows.length })
              }
              style={{ margin: "16px 0" }}
            />
          )}
        </>
      )}
      {rows.length > 0 && (
        <Table<UserImportRow>
          rowKey="line"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 720, y: 360 }}
          tableLayout="fixed"
        />
      )}
    </Modal>
  );
}
