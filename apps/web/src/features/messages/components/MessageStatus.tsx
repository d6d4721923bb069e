import { ExclamationCircleFilled, LoadingOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

/** The status line under one of my messages (SPEC §4 Message sending). */
export type DeliveryStatus = "going" | "failed" | "succeed";

interface Props {
  status: DeliveryStatus;
  /** Read marks show only in one-to-one chats, for stored messages. */
  read?: boolean | undefined;
  onResend?: (() => void) | undefined;
}

/**
 * Going shows a spinner; failed is a labelled button that resends ("Not sent — tap to
 * retry"); succeed shows read or unread.
 */
export function MessageStatus({ status, read, onResend }: Props) {
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
  if (status === "failed") {
    // Words, not only a red mark: what happened and what a tap does, seen and heard.
    return (
      <button
        type="button"
        onClick={onResend}
        title={t("status.resend")}
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
