import { Alert, Button, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/feedback";
import styles from "./TwoFactor.module.css";

/**
 * The ten recovery codes, shown once: each signs in (or turns two-factor off) once when
 * the authenticator is lost. Copy and download, then Done.
 */
export function RecoveryCodes({
  codes,
  onDone,
}: {
  codes: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation("signin");
  const text = codes.join("\n");
  const copy = () => {
    void navigator.clipboard.writeText(text).then(
      () => toast("success", t("recovery.copied")),
      () => toast("error", t("recovery.copyFailed")),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${t("recovery.fileTitle")}\n\n${text}\n`], {
        type: "text/plain;charset=utf-8",
      }),
    );
    const link = document.createElement("a");
    link.href = url;
    link.download = "parley-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.setup}>
      <Alert type="success" showIcon title={t("recovery.on")} />
      <Typography.Paragraph className={styles.recoveryIntro}>
        {t("recovery.intro")}
      </Typography.Paragraph>
      <ol className={styles.codes} aria-label={t("recovery.title")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button onClick={copy}>{t("recovery.copy")}</Button>
        <Button onClick={download}>{t("recovery.download")}</Button>
        <Button type="primary" onClick={onDone}>
          {t("recovery.done")}
        </Button>
      </Space>
    </div>
  );
}
