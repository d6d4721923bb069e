import { clsx } from "clsx";
import ExclamationCircleFilled from "@ant-design/icons-svg/es/asn/ExclamationCircleFilled";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import light from "../../../components/light/light.module.css";
import { SvgIcon } from "../../../components/light/SvgIcon";
import styles from "./SwitchAccountDialog.module.css";

/**
 * Asks before a login link replaces the account signed in on this browser (issue 51 item
 * 22): a link must never sign someone into another account unawares. Drawn without antd,
 * as the login screen it opens over. Escape and "Cancel" keep the current account.
 */
export function SwitchAccountDialog({
  name,
  onConfirm,
  onCancel,
}: {
  /** Who is signed in now. */
  name: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("accounts");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={light.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={light.dialogTitle}>
        <SvgIcon icon={ExclamationCircleFilled} className={light.warning} />
        {t("login.link.title")}
      </h2>
      <p id={textId} className={light.dialogText}>
        {t("login.link.text", { name })}
      </p>
      <div className={clsx(light.dialogActions, styles.actions)}>
        <button
          type="button"
          className={light.button}
          onClick={onCancel}
          autoFocus
        >
          {t("login.link.cancel")}
        </button>
        <button
          type="button"
          className={clsx(light.button, light.primary)}
          onClick={onConfirm}
        >
          {t("login.link.confirm")}
        </button>
      </div>
    </dialog>
  );
}
