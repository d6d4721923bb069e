import { DeleteOutlined } from "@ant-design/icons";
import type { ConsoleGroup } from "@parley/protocol";
import { Button, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";
import { useDisbandGroupMutation } from "../../chats.queries";

interface Props {
  group: ConsoleGroup;
  /** Demo mode (or no right to change): shown, but it cannot be pressed. */
  disabled: boolean;
  /** With its word beside the icon (the drawer), or the icon alone (a table row). */
  withText?: boolean;
  onDisbanded?: () => void;
}

/** Disbands a group after a yes that names it and says what goes with it. */
export function DisbandButton({
  group,
  disabled,
  withText = false,
  onDisbanded,
}: Props) {
  const { t } = useTranslation("consoleChats");
  const disband = useDisbandGroupMutation();
  const label = t("groups.disband.label", { name: group.name });
  return (
    <Popconfirm
      title={t("groups.disband.title", { name: group.name })}
      description={t("groups.disband.text")}
      okText={t("groups.disband.ok")}
      cancelText={t("cancel")}
      okButtonProps={{ danger: true }}
      disabled={disabled}
      onConfirm={() => disband.mutate(group, { onSuccess: onDisbanded })}
    >
      <Button
        danger
        type={withText ? "default" : "text"}
        icon={<DeleteOutlined />}
        loading={disband.isPending}
        disabled={disabled}
        aria-label={label}
        title={label}
      >
        {withText && t("groups.disband.action")}
      </Button>
    </Popconfirm>
  );
}
