import {
  ClockCircleOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";

/**
 * The status line under one of my messages (SPEC §4 Message sending); waiting is a going
 * message whose last try got no answer: the outbox sends it again by itself.
 */
export type DeliveryStatus = "going" | "waiting" | "failed" | "succeed";

interface Props {
  status: DeliveryStatus;
  /** Read marks show only in one-to-one chats, for stored messages. */
  read?: boolean | undefined;
  onResend?: (() => void) | undefined;
  /** Failed: why the server refused it. */
  reason?: string | undefined;
}

/**
 * Going shows a spinner; waiting says it will go when the connection is back; failed is a
 * labelled button that resends ("Not sent — tap to retry"), the refusal in its tooltip;
 * succeed shows read or unread.
 */
export function MessageStatus({ status, read, onResend, reason }: Props) {
  const { t } = useTranslation("messages");
  if (status === "going") {
    return (
      <span
        role="status"
        aria-label={t("status.going")}
        style={{ color: "#8a919f" }}
      >
        <LoadingOutlined />
      </span>
    );
  }
  if (status === "waiting") {
    // Not a fault of the message: it goes by itself when the connection is back.
    return (
      <span
        role="status"
        title={t("status.waitingHelp")}
        style={{
          display: "inline-flex",
          alignItems: "center",
          gap: 4,
          color: "#8a919f",
          fontSize: 12,
        }}
      >
        <ClockCircleOutlined aria-hidden />
        <span>{t("status.waiting")}</span>
      </span>
    );
  }
  if (status === "failed") {
    // Words, not only a red mark: what happened and what a tap does, seen and heard.
    return (
      <button
        type="button"
        onClick={onResend}
        aria-description={reason}
        title={reason ? `${reason}\n${t("status.resend")}` : t("status.resend")}
        style={{
          display: "inline-flex",
          alignItems: "center",
          gap: 4,
          border: 0,
          background: "none",
          padding: 0,
          cursor: "pointer",
          color: "#f5222d",
          fontSize: 12,
        }}
      >
        <ExclamationCircleFilled aria-hidden />
        <span>{t("status.failed")}</span>
      </button>
    );
  }
  if (read === undefined) return null;
  return (
    <span style={{ fontSize: 12, color: read ? "#8a919f" : "#1f6feb" }}>
      {read ? t("status.read") : t("status.unread")}
    </span>
  );
}
