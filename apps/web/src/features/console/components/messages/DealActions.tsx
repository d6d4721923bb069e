import { DeleteOutlined, EyeInvisibleOutlined } from "@ant-design/icons";
import { type ConsoleMessage, MASKED_CONTENT } from "@parley/protocol";
import { Button, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";
import { useDealMessageMutation } from "../../chats.queries";
import styles from "./messages.module.css";

interface Props {
  message: ConsoleMessage;
  /** Demo mode (or no right to change): shown, but they cannot be pressed. */
  disabled: boolean;
}

/**
 * Masks or deletes a message for everyone in its chat, each after a yes that says what
 * the chat's members will see. A masked message cannot be masked again.
 */
export function DealActions({ message, disabled }: Props) {
  const { t } = useTranslation("consoleChats");
  const deal = useDealMessageMutation();
  const name = message.fromUser.realname;
  const isMasked =
    message.type === "text" && message.content === MASKED_CONTENT;
  const busy = (kind: "mask" | "delete") =>
    deal.isPending && deal.variables.deal === kind;

  return (
    <div className={styles.mcActions}>
      {!isMasked && (
        <Popconfirm
          title={t("centre.mask.title")}
          description={t("centre.mask.text", { text: MASKED_CONTENT })}
          okText={t("centre.mask.ok")}
          cancelText={t("cancel")}
          disabled={disabled}
          onConfirm={() => deal.mutate({ message, deal: "mask" })}
        >
          <Button
            size="small"
            icon={<EyeInvisibleOutlined />}
            disabled={disabled || deal.isPending}
            loading={busy("mask")}
            aria-label={t("centre.mask.label", { name })}
          >
            {t("centre.mask.action")}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t("centre.delete.title")}
        description={t("centre.delete.text")}
        okText={t("centre.delete.ok")}
        cancelText={t("cancel")}
        okButtonProps={{ danger: true }}
        disabled={disabled}
        onConfirm={() => deal.mutate({ message, deal: "delete" })}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          disabled={disabled || deal.isPending}
          loading={busy("delete")}
          aria-label={t("centre.delete.label", { name })}
        >
          {t("centre.delete.action")}
        </Button>
      </Popconfirm>
    </div>
  );
}
