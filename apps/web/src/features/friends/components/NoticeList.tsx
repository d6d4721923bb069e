import { NotificationOutlined } from "@ant-design/icons";
import { isLanguage, LANGUAGE_TAGS } from "@parley/protocol";
import { Avatar } from "antd";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { formatChatTime, formatFullTime } from "../../../lib/time";
import { useNoticesQuery } from "../friends.queries";
import styles from "./friends.module.css";

/** The system entry's lines (wire-contract.md §5.9) that came while the page was open. */
export function NoticeList() {
  const { t, i18n } = useTranslation("friends");
  const notices = useNoticesQuery().data;
  const now = useNow();
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];

  if (notices.length === 0)
    return (
      <div className={styles.empty}>
        <span className={styles.emptyTitle}>{t("empty.systemTitle")}</span>
        <span className={styles.emptyText}>{t("empty.systemText")}</span>
      </div>
    );

  return (
    <ul className={styles.list} aria-label={t("tabs.system")}>
      {notices.map((notice) => (
        <li key={notice.id} className={styles.row}>
          <Avatar
            size={44}
            icon={<NotificationOutlined />}
            style={{ background: "#1f6feb" }}
          />
          <div className={styles.text}>
            <div className={styles.top}>
              <span className={styles.name}>{t("notice.from")}</span>
              <time
                className={styles.time}
                title={formatFullTime(notice.sendTime, locale)}
              >
                {formatChatTime(notice.sendTime, now, locale, {
                  yesterday: t("common:time.yesterday"),
                })}
              </time>
            </div>
            <div className={styles.message}>
              {notice.extends.key === "friend.addedYou" &&
              notice.extends.realname
                ? t("notice.addedYou", { name: notice.extends.realname })
                : notice.content}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
