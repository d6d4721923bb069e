import { PlusOutlined } from "@ant-design/icons";
import {
  COMMAND_DESCRIPTION_MAX,
  COMMAND_NAME,
  type ConsoleCommand,
  denial,
  isHookUrl,
} from "@parley/protocol";
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Table,
  type TableColumnsType,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useActor } from "../../../system";
import {
  useAddCommandMutation,
  useCommandsQuery,
  useDeleteCommandMutation,
} from "../../commands.queries";

interface CommandValues {
  name: string;
  url: string;
  description: string;
}

/**
 * Slash commands (issue 48, extensions.md §9) on the console's bots page: `/name` typed in
 * any chat POSTs to the command's address; add one (its token shown once), delete one.
 */
export function CommandsCard() {
  const { t } = useTranslation("console");
  const writable = denial(useActor(), "console.write") === null;
  const list = useCommandsQuery();
  const add = useAddCommandMutation();
  const remove = useDeleteCommandMutation();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<{ name: string; token: string } | null>(
    null,
  );
  const [form] = Form.useForm<CommandValues>();

  const columns: TableColumnsType<ConsoleCommand> = [
    {
      key: "name",
      title: t("commands.name"),
      render: (_: unknown, command) => (
        <Typography.Text strong code>
          /{command.name}
        </Typography.Text>
      ),
    },
    {
      key: "description",
      title: t("commands.description"),
      dataIndex: "description",
      ellipsis: true,
      responsive: ["md"],
    },
    {
      key: "url",
      title: t("commands.url"),
      dataIndex: "url",
      ellipsis: true,
      responsive: ["lg"],
    },
    {
      key: "actions",
      title: t("bots.actions"),
      render: (_: unknown, command) => (
        <Popconfirm
          title={t("commands.deleteTitle", { name: command.name })}
          okText={t("bots.delete")}
          okButtonProps={{ danger: true }}
          disabled={!writable}
          onConfirm={() => remove.mutate(command)}
        >
          <Button size="small" danger disabled={!writable}>
            {t("bots.delete")}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      title={t("commands.title")}
      style={{ marginTop: 16 }}
      extra={
        <Button
          icon={<PlusOutlined />}
          disabled={!writable}
          onClick={() => setAdding(true)}
        >
          {t("commands.add")}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {t("commands.intro")}
      </Typography.Paragraph>
      <Table<ConsoleCommand>
        rowKey="command_id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        pagination={false}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t("commands.empty")}
            />
          ),
        }}
      />
      <Modal
        open={adding}
        title={t("commands.addTitle")}
        okText={t("commands.add")}
        onCancel={() => setAdding(false)}
        onOk={() => form.submit()}
        confirmLoading={add.isPending}
        destroyOnHidden
      >
        <Form<CommandValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          preserve={false}
          initialValues={{ name: "", url: "", description: "" }}
          onFinish={(values) =>
            add.mutate(
              {
                name: values.name.trim().toLowerCase(),
                url: values.url.trim(),
                description: values.description.trim(),
              },
              {
                onSuccess: ({ token }) => {
                  setAdding(false);
                  setShown({ name: values.name.trim().toLowerCase(), token });
                },
              },
            )
          }
        >
          <Form.Item
            name="name"
            label={t("commands.name")}
            rules={[
              {
                validator: (_, value: string) =>
                  COMMAND_NAME.test(value.trim().toLowerCase())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("commands.nameRule"))),
              },
            ]}
          >
            <Input prefix="/" maxLength={32} placeholder="deploy" />
          </Form.Item>
          <Form.Item
            name="url"
            label={t("commands.url")}
            extra={t("commands.urlHint")}
            rules={[
              {
                validator: (_, value: string) =>
                  isHookUrl(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("commands.urlRule"))),
              },
            ]}
          >
            <Input
              maxLength={1000}
              placeholder="https://ci.example.com/slash"
            />
          </Form.Item>
          <Form.Item name="description" label={t("commands.description")}>
            <Input
              maxLength={COMMAND_DESCRIPTION_MAX}
              placeholder={t("commands.descriptionPlaceholder")}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={shown !== null}
        title={t("commands.tokenTitle", { name: shown?.name ?? "" })}
        onCancel={() => setShown(null)}
        onOk={() => setShown(null)}
        okText={t("bots.done")}
        cancelButtonProps={{ style: { display: "none" } }}
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          title={t("bots.tokenOnce")}
          style={{ marginBottom: 16 }}
        />
        <Typography.Paragraph
          code
          copyable={{ text: shown?.token ?? "" }}
          style={{ wordBreak: "break-all" }}
        >
          {shown?.token}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {t("commands.tokenUse")}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
