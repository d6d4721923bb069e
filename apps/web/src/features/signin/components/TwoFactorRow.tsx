import { Button, Input, Modal, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTotpDisable, useTotpOn } from "../signin.queries";
import { TwoFactorSetup } from "./TwoFactorSetup";

/**
 * Settings → Account → Two-factor sign-in: whether it is on, Turn on (the QR code, a code,
 * the recovery codes) and Turn off (a current code or a recovery code).
 */
export function TwoFactorRow({
  userId,
  rowClass,
  textClass,
  labelClass,
  hintClass,
}: {
  userId: number;
  rowClass: string;
  textClass: string;
  labelClass: string;
  hintClass: string;
}) {
  const { t } = useTranslation("signin");
  const on = useTotpOn(userId);
  const disable = useTotpDisable(userId);
  const [dialog, setDialog] = useState<"on" | "off" | null>(null);
  const [code, setCode] = useState("");

  const close = () => {
    setDialog(null);
    setCode("");
    disable.reset();
  };
  const turnOff = () => {
    if (code.trim() === "" || disable.isPending) return;
    disable.mutate(code.trim(), { onSuccess: close });
  };

  return (
    <div className={rowClass}>
      <div className={textClass}>
        <span className={labelClass}>
          {t("row.label")}{" "}
          {on.data !== undefined && (
            <Tag color={on.data ? "green" : undefined}>
              {on.data ? t("row.on") : t("row.off")}
            </Tag>
          )}
        </span>
        <Typography.Text type="secondary" className={hintClass}>
          {t("row.hint")}
        </Typography.Text>
      </div>
      {on.data ? (
        <Button onClick={() => setDialog("off")}>{t("row.turnOff")}</Button>
      ) : (
        <Button onClick={() => setDialog("on")} disabled={on.isPending}>
          {t("row.turnOn")}
        </Button>
      )}
      <Modal
        open={dialog === "on"}
        title={t("setup.title")}
        footer={null}
        onCancel={close}
        destroyOnHidden
        centered
        width={520}
      >
        <TwoFactorSetup userId={userId} onDone={close} />
      </Modal>
      <Modal
        open={dialog === "off"}
        title={t("off.title")}
        okText={t("off.confirm")}
        okButtonProps={{ danger: true, disabled: code.trim() === "" }}
        cancelText={t("off.cancel")}
        confirmLoading={disable.isPending}
        onOk={turnOff}
        onCancel={close}
        destroyOnHidden
        centered
      >
        <Typography.Paragraph>{t("off.text")}</Typography.Paragraph>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={turnOff}
          autoComplete="one-time-code"
          placeholder={t("off.placeholder")}
          status={disable.isError ? "error" : undefined}
          aria-label={t("off.placeholder")}
          autoFocus
        />
        {disable.isError && (
          <Typography.Text type="danger" role="alert">
            {disable.error.message}
          </Typography.Text>
        )}
      </Modal>
    </div>
  );
}
