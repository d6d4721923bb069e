import { DownloadOutlined } from "@ant-design/icons";
import type { Message } from "@parley/protocol";
import { Image } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatFullTime } from "../../../lib/time";
import { thumbOf } from "../history-media";
import styles from "./HistoryPanel.module.css";

/**
 * The pictures of a chat (SPEC §2): a grid of thumbnails; one clicked opens the enlarged
 * preview, which steps through the page and says who sent each picture and when.
 */
export function ImageGrid({
  messages,
  locale,
}: {
  messages: Message[];
  locale: string;
}) {
  const { t } = useTranslation("history");
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(0);
  const nameOf = (m: Message) => m.fromUser.displayName || m.fromUser.realname;
  const shown = messages[Math.min(current, messages.length - 1)];

  return (
    <>
      <ul className={styles.hGrid} aria-label={t("pictures")}>
        {messages.map((message, index) => (
          <li key={message.msg_id} className={styles.hGridItem}>
            <button
              type="button"
              className={styles.hThumb}
              aria-label={t("pictureFrom", {
                name: nameOf(message),
                time: formatFullTime(message.sendTime, locale),
              })}
              onClick={() => {
                setCurrent(index);
                setOpen(true);
              }}
            >
              <img
                src={thumbOf(message.content)}
                alt=""
                loading="lazy"
                decoding="async"
                draggable={false}
              />
            </button>
          </li>
        ))}
      </ul>
      <Image.PreviewGroup
        items={messages.map((m) => ({
          src: m.content,
          alt: m.fileName || t("picture"),
        }))}
        preview={{
          open,
          current,
          onOpenChange: setOpen,
          onChange: setCurrent,
          actionsRender: (actions) => (
            <div className={styles.hCaptionBox}>
              {shown && (
                <p className={styles.hCaption} data-testid="picture-caption">
                  <span className={styles.hCaptionName}>{nameOf(shown)}</span>
                  <time dateTime={new Date(shown.sendTime).toISOString()}>
                    {formatFullTime(shown.sendTime, locale)}
                  </time>
                </p>
              )}
              <div className={styles.hActions}>
                {actions}
                {shown && (
                  <a
                    className={styles.hDownload}
                    href={shown.content}
                    download={shown.fileName || t("picture")}
                    aria-label={t("messages:media.download", {
                      name: shown.fileName || t("picture"),
                    })}
                    title={t("messages:media.download", {
                      name: shown.fileName || t("picture"),
                    })}
                  >
                    <DownloadOutlined aria-hidden />
                  </a>
                )}
              </div>
            </div>
          ),
        }}
      />
    </>
  );
}
