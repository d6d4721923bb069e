import { clsx } from "clsx";
import CheckCircleFilled from "@ant-design/icons-svg/es/asn/CheckCircleFilled";
import CloseCircleFilled from "@ant-design/icons-svg/es/asn/CloseCircleFilled";
import ExclamationCircleFilled from "@ant-design/icons-svg/es/asn/ExclamationCircleFilled";
import InfoCircleFilled from "@ant-design/icons-svg/es/asn/InfoCircleFilled";
import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { setFallbackFeedback, type ToastKind } from "../../lib/feedback";
import {
  closeDialog,
  current,
  lightFeedback,
  type Shown,
  subscribe,
} from "./light-feedback";
import styles from "./light.module.css";
import { SvgIcon } from "./SvgIcon";

const ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
} satisfies Record<ToastKind, unknown>;

function WarningDialog({ options }: { options: Shown["dialogs"][number] }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
  }, []);
  const close = () => {
    closeDialog(options.id);
    options.onOk();
    options.afterClose();
  };
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape closes it the way its one button does.
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        <SvgIcon icon={ExclamationCircleFilled} className={styles.warning} />
        {options.title}
      </h2>
      <p id={textId} className={styles.dialogText}>
        {options.content}
      </p>
      <div className={styles.dialogActions}>
        <button
          type="button"
          className={clsx(styles.button, styles.primary)}
          onClick={close}
          autoFocus
        >
          {options.okText}
        </button>
      </div>
    </dialog>
  );
}

/**
 * Shows the light toasts and dialogs, and offers them to lib/feedback.ts as the fallback
 * for screens without antd. Mounted once, by the app shell.
 */
export function LightFeedbackHost() {
  const { toasts, dialogs } = useSyncExternalStore(subscribe, current);
  useEffect(() => {
    setFallbackFeedback(lightFeedback);
    return () => setFallbackFeedback(null);
  }, []);
  return (
    <>
      <div className={styles.toasts}>
        {toasts.map((toast) => (
          <div
            key={toast.key}
            className={styles.toast}
            role={toast.type === "error" ? "alert" : "status"}
            data-testid="toast"
          >
            <SvgIcon icon={ICONS[toast.type]} className={styles[toast.type]} />
            <span>{toast.content}</span>
          </div>
        ))}
      </div>
      {dialogs.map((dialog) => (
        <WarningDialog key={dialog.id} options={dialog} />
      ))}
    </>
  );
}
