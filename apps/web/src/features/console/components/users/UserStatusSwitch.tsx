import type { ConsoleUser } from "@parley/protocol";
import { Popconfirm, Switch, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useSetUserStatusMutation } from "../../users.queries";

/**
 * A user's status. Where the actor may change it, a switch: enabling is immediate,
 * disabling asks first, because it ends their sessions at once. Elsewhere, a tag.
 */
export function UserStatusSwitch({
  user,
  editable,
}: {
  user: ConsoleUser;
  editable: boolean;
}) {
  const { t } = useTranslation("consoleUsers");
  const setStatus = useSetUserStatusMutation();
  const enabled = user.status === 1;

  if (!editable)
    return (
      <Tag color={enabled ? "green" : "default"}>
        {t(enabled ? "status.enabled" : "status.disabled")}
      </Tag>
    );

  return (
    <Popconfirm
      title={t("disable.title", { name: user.realname })}
      description={t("disable.text")}
      okText={t("disable.ok")}
      cancelText={t("cancel")}
      okButtonProps={{ danger: true }}
      // Only turning it off asks; turning it back on does no harm.
      disabled={!enabled}
      onConfirm={() => setStatus.mutate({ user, status: 0 })}
    >
      <Switch
        checked={enabled}
        loading={setStatus.isPending}
        aria-label={t("action.status", { name: user.realname })}
        onChange={(checked) => {
          if (checked) setStatus.mutate({ user, status: 1 });
        }}
      />
    </Popconfirm>
  );
}
