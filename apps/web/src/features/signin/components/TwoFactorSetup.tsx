import { Alert, Button, Input, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTotpEnable, useTotpSetup } from "../signin.queries";
import { RecoveryCodes } from "./RecoveryCodes";
import styles from "./TwoFactor.module.css";

/** The QR code of an otpauth:// address, drawn by the `qrcode` package, loaded here only. */
function useQrImage(uri: string | undefined): string | null {
  const [image, setImage] = useState<{ uri: string; src: string } | null>(null);
  useEffect(() => {
    if (!uri) return;
    let live = true;
    void import("qrcode").then(({ toDataURL }) =>
      toDataURL(uri, { errorCorrectionLevel: "M", margin: 1, width: 200 }).then(
        (src) => {
          if (live) setImage({ uri, src });
        },
      ),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return image && image.uri === uri ? image.src : null;
}

/** A base32 secret as people type it: groups of four. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * Turning two-factor on (extensions.md §7): a new secret as a QR code (and as text for
 * whoever cannot scan), a code from the authenticator to confirm it, then the ten
 * recovery codes, shown this once.
 */
export function TwoFactorSetup({
  userId,
  onDone,
}: {
  userId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation("signin");
  const setup = useTotpSetup();
  const enable = useTotpEnable(userId);
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const asked = useRef(false);
  const qr = useQrImage(setup.data?.uri);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    setup.mutate();
  }, [setup]);

  if (recovery) return <RecoveryCodes codes={recovery} onDone={onDone} />;

  const submit = () => {
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed) || enable.isPending) return;
    enable.mutate(typed, { onSuccess: setRecovery });
  };

  return (
    <div className={styles.setup}>
      <Typography.Paragraph>{t("setup.scan")}</Typography.Paragraph>
      <div className={styles.qrRow}>
        <div className={styles.qr} aria-busy={!qr}>
          {qr && (
            <img src={qr} alt={t("setup.qrAlt")} width={200} height={200} />
          )}
        </div>
        <div className={styles.secret}>
          <Typography.Text type="secondary">
            {t("setup.manual")}
          </Typography.Text>
          <Typography.Text
            code
            copyable={setup.data ? { text: setup.data.secret } : false}
            className={styles.secretText}
            data-testid="totp-secret"
          >
            {setup.data ? grouped(setup.data.secret) : "…"}
          </Typography.Text>
        </div>
      </div>
      {setup.isError && (
        <Alert type="error" showIcon title={setup.error.message} />
      )}
      <label className={styles.codeLabel} htmlFor="totp-setup-code">
        {t("setup.enterCode")}
      </label>
      <div className={styles.codeRow}>
        <Input
          id="totp-setup-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={submit}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          status={enable.isError ? "error" : undefined}
          className={styles.codeInput}
        />
        <Button
          type="primary"
          onClick={submit}
          loading={enable.isPending}
          disabled={!/^\d{6}$/.test(code.replace(/\s+/g, "")) || !setup.data}
        >
          {t("setup.turnOn")}
        </Button>
      </div>
      {enable.isError && (
        <Typography.Text type="danger" role="alert">
          {enable.error.message}
        </Typography.Text>
      )}
    </div>
  );
}
