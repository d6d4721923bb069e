import { Alert, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";

/**
 * A bot's token, shown this once (made, or made anew): copy it, and how a tool signs its
 * calls with it.
 */
export function BotTokenDialog({
  token,
  name,
  onClose,
}: {
  token: string | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("console");
  const origin = window.location.origin;
  const example = `curl ${origin}/enterprise/im/sendMessage \\
  -H "Authorization: Bearer ${token ?? ""}" \\
  -H "Content-Type: application/json" \\
  -d '{"id":"<a new UUID>","type":"text","toContactId":"group-1","content":"Hello"}'`;
  return (
    <Modal
      open={token !== null}
      title={t("bots.tokenTitle", { name })}
      onCancel={onClose}
      onOk={onClose}
      okText={t("bots.done")}
      cancelButtonProps={{ style: { display: "none" } }}
      width={640}
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
        copyable={{ text: token ?? "" }}
        style={{ wordBreak: "break-all" }}
      >
        {token}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t("bots.tokenUse")}
      </Typography.Paragraph>
      <pre
        style={{
          whiteSpace: "pre-wrap",
          wordBreak: "break-all",
          fontSize: 12,
          background: "#f6f7f9",
          padding: 12,
          borderRadius: 6,
        }}
      >
        {example}
      </pre>
    </Modal>
  );
}
