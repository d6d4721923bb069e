import { ArrowLeftOutlined, CopyOutlined } from "@ant-design/icons";
import { Button, QRCode, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "../../../lib/feedback";
import styles from "./DownloadPage.module.css";

/**
 * The side menu's mobile download page (SPEC §2). The console will configure app links
 * (issue 12); until then it offers this server's own address, as a code to scan and to copy,
 * since the web client works on a phone.
 */
export function DownloadPage() {
  const { t } = useTranslation("messages");
  const navigate = useNavigate();
  const address = `${window.location.origin}${window.location.pathname}`;
  const copy = () => {
    navigator.clipboard.writeText(address).then(
      () => toast("success", t("download.copied")),
      () => undefined,
    );
  };
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="download-title">
        <Typography.Title level={3} id="download-title">
          {t("download.title")}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {t("download.body")}
        </Typography.Paragraph>
        <QRCode value={address} size={180} className={styles.code} />
        <Typography.Text code className={styles.address}>
          {address}
        </Typography.Text>
        <div className={styles.actions}>
          <Button icon={<CopyOutlined />} onClick={copy}>
            {t("download.copy")}
          </Button>
          <Button
            type="primary"
            icon={<ArrowLeftOutlined />}
            onClick={() => void navigate("/")}
          >
            {t("download.back")}
          </Button>
        </div>
      </section>
    </main>
  );
}
