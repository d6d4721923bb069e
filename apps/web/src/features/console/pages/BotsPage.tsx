import { CameraOutlined, PlusOutlined, RobotOutlined } from "@ant-design/icons";
import {
  type ConsoleBot,
  CONSOLE_PAGE_SIZES,
  denial,
  LANGUAGE_TAGS,
} from "@parley/protocol";
import {
  Avatar,
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import { useActor } from "../../system";
import {
  useAddBotMutation,
  useBotAvatarMutation,
  useBotsQuery,
  useDeleteBotMutation,
  useRevokeBotMutation,
  useSetBotStatusMutation,
} from "../bots.queries";
import { AddBotDialog } from "../components/bots/AddBotDialog";
import { BotTokenDialog } from "../components/bots/BotTokenDialog";
import { CommandsCard } from "../components/bots/CommandsCard";

/**
 * /manage/bot (issue 48, extensions.md §9): the bots that post for the organisation's
 * tools. Add one (its token shown once), give it a new token (the old one stops at once),
 * delete it. Demo mode looks only.
 */
export function BotsPage() {
  const { t } = useTranslation("console");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const writable = denial(useActor(), "console.write") === null;
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<(typeof CONSOLE_PAGE_SIZES)[number]>(20);
  const bots = useBotsQuery(page, limit);
  const add = useAddBotMutation();
  const revoke = useRevokeBotMutation();
  const remove = useDeleteBotMutation();
  const picture = useBotAvatarMutation();
  const setStatus = useSetBotStatusMutation();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<{ token: string; name: string } | null>(
    null,
  );
  const when = (ms: number | null) =>
    ms === null ? t("bots.never") : formatFullTime(ms, locale);

  const columns: TableColumnsType<ConsoleBot> = [
    {
      key: "bot",
      title: t("bots.bot"),
      render: (_: unknown, bot) => (
        <Flex gap={10} align="center">
          <Avatar src={bot.avatar} icon={<RobotOutlined />} />
          <div style={{ minWidth: 0 }}>
            <Space size={6}>
              <Typography.Text strong ellipsis>
                {bot.name}
              </Typography.Text>
              <Tag color="geekblue" variant="filled">
                {t("bots.tag")}
              </Tag>
            </Space>
            <Typography.Text
              type="secondary"
              style={{ display: "block", fontSize: 12 }}
            >
              {bot.account}
            </Typography.Text>
          </div>
        </Flex>
      ),
    },
    {
      key: "description",
      title: t("bots.description"),
      dataIndex: "description",
      ellipsis: true,
      responsive: ["md"],
    },
    {
      key: "owner",
      title: t("bots.owner"),
      dataIndex: "owner_name",
      responsive: ["lg"],
    },
    {
      key: "status",
      title: t("bots.active"),
      render: (_: unknown, bot) => (
        <Switch
          size="small"
          checked={bot.status === 1}
          disabled={!writable}
          loading={
            setStatus.isPending &&
            setStatus.variables.bot.user_id === bot.user_id
          }
          aria-label={t("bots.activeNamed", { name: bot.name })}
          onChange={(on) => setStatus.mutate({ bot, status: on ? 1 : 0 })}
        />
      ),
    },
    {
      key: "used",
      title: t("bots.lastUsed"),
      render: (_: unknown, bot) => when(bot.last_used_at),
      responsive: ["md"],
    },
    {
      key: "actions",
      title: t("bots.actions"),
      render: (_: unknown, bot) => (
        <Space wrap>
          <Upload
            accept="image/png,image/jpeg,image/gif"
            showUploadList={false}
            maxCount={1}
            disabled={!writable}
            customRequest={({ file, onSuccess, onError }) => {
              if (!(file instanceof Blob)) return;
              picture.mutate(
                { bot, file },
                {
                  onSuccess: (url) => onSuccess?.(url),
                  onError: (error) => onError?.(error),
                },
              );
            }}
          >
            <Button
              size="small"
              icon={<CameraOutlined />}
              disabled={!writable}
              aria-label={t("bots.pictureNamed", { name: bot.name })}
            >
              {t("bots.picture")}
            </Button>
          </Upload>
          <Popconfirm
            title={t("bots.revokeTitle", { name: bot.name })}
            description={t("bots.revokeText")}
            okText={t("bots.revoke")}
            disabled={!writable}
            onConfirm={() =>
              revoke.mutate(bot, {
                onSuccess: ({ token }) => setShown({ token, name: bot.name }),
              })
            }
          >
            <Button size="small" disabled={!writable}>
              {t("bots.revoke")}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t("bots.deleteTitle", { name: bot.name })}
            okText={t("bots.delete")}
            okButtonProps={{ danger: true }}
            disabled={!writable}
            onConfirm={() => remove.mutate(bot)}
          >
            <Button size="small" danger disabled={!writable}>
              {t("bots.delete")}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const rows = bots.data?.bots ?? [];
  return (
    <>
      <Card
        title={t("bots.title")}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!writable}
            onClick={() => setAdding(true)}
          >
            {t("bots.add")}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          {t("bots.intro")}
        </Typography.Paragraph>
        <Table<ConsoleBot>
          rowKey="user_id"
          columns={columns}
          dataSource={rows}
          loading={bots.isLoading}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    <Typography.Text strong style={{ display: "block" }}>
                      {t("bots.emptyTitle")}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {t("bots.emptyText")}
                    </Typography.Text>
                  </>
                }
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: limit,
            total: bots.data?.total ?? 0,
            pageSizeOptions: CONSOLE_PAGE_SIZES.map(String),
            showSizeChanger: true,
            hideOnSinglePage: true,
            onChange: (next, size) => {
              setPage(next);
              setLimit(
                CONSOLE_PAGE_SIZES.find((option) => option === size) ?? 20,
              );
            },
          }}
        />
        <AddBotDialog
          open={adding}
          busy={add.isPending}
          onCancel={() => setAdding(false)}
          onAdd={(values) =>
            add.mutate(values, {
              onSuccess: ({ token }) => {
                setAdding(false);
                setShown({ token, name: values.name });
              },
            })
          }
        />
        <BotTokenDialog
          token={shown?.token ?? null}
          name={shown?.name ?? ""}
          onClose={() => setShown(null)}
        />
      </Card>
      <CommandsCard />
    </>
  );
}
