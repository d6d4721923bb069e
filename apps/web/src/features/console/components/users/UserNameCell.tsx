import { BotTag } from "../../../../components/BotTag";
import { UserOutlined } from "@ant-design/icons";
import type { ConsoleUser } from "@parley/protocol";
import { Avatar, Button, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** A user's avatar and name (which opens their details), with their account under it. */
export function UserNameCell({
  user,
  self,
  onOpen,
}: {
  user: ConsoleUser;
  self: boolean;
  onOpen: (user: ConsoleUser) => void;
}) {
  const { t } = useTranslation("consoleUsers");
  return (
    <div
      style={{ display: "flex", alignItems: "center", gap: 10, minWidth: 0 }}
    >
      <Avatar
        src={user.avatar || undefined}
        icon={<UserOutlined />}
        style={{ flex: "none" }}
      />
      <div style={{ minWidth: 0, flex: 1 }}>
        <div style={{ display: "flex", alignItems: "center", gap: 6 }}>
          <Button
            type="link"
            size="small"
            onClick={() => onOpen(user)}
            aria-label={t("action.open", { name: user.realname })}
            title={user.realname}
            style={{
              padding: 0,
              height: "auto",
              minWidth: 0,
              maxWidth: "100%",
              overflow: "hidden",
              textOverflow: "ellipsis",
              whiteSpace: "nowrap",
              display: "block",
            }}
          >
            {user.realname}
          </Button>
          {user.is_bot === 1 && <BotTag />}
          {self && (
            <Tag color="green" style={{ marginInlineEnd: 0, flex: "none" }}>
              {t("you")}
            </Tag>
          )}
        </div>
        <Typography.Text
          type="secondary"
          ellipsis={{ tooltip: user.account }}
          style={{ fontSize: 12, display: "block" }}
        >
          {user.account}
        </Typography.Text>
      </div>
    </div>
  );
}
