import { useTranslation } from "react-i18next";
import styles from "./BotTag.module.css";

/** The mark beside a bot's name wherever people see it (extensions.md §9). */
export function BotTag() {
  const { t } = useTranslation("common");
  return <span className={styles.tag}>{t("botTag")}</span>;
}
