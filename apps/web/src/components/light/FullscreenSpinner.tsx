import { useTranslation } from "react-i18next";
import styles from "./light.module.css";
import { Spinner } from "./Spinner";

/** What shows over the whole window while a screen's code or first data loads. */
export function FullscreenSpinner() {
  const { t } = useTranslation();
  return (
    <div
      className={styles.fullscreen}
      role="status"
      aria-label={t("common:loading")}
    >
      <Spinner />
    </div>
  );
}
