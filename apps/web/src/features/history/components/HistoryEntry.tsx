import { clsx } from "clsx";
import {
  AimOutlined,
  CopyOutlined,
  DownloadOutlined,
  FileOutlined,
  PhoneOutlined,
} from "@ant-design/icons";
import { fileBytes, formatFileSize, type Message } from "@parley/protocol";
import { Avatar, Button, Image, Tooltip } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { htmlToText } from "../../../lib/html-text";
import { formatFullTime } from "../../../lib/time";
import { fileNameOf, thumbOf } from "../history-media";
import { Highlighted } from "./Highlighted";
import styles from "./HistoryPanel.module.css";

interface Props {
  message: Message;
  keywords: string;
  locale: string;
  /** Brings the message into view in the chat; without it, entries are not clickable. */
  onJump?: ((message: Message) => void) | undefined;
  onCopy: (text: string) => void;
}

/**
 * One message of the list (SPEC §2): the sender's avatar, real name and send time, then
 * the message itself. Text is shown as text with the search marked, and can be copied.
 */
export function HistoryEntry({
  message,
  keywords,
  locale,
  onJump,
  onCopy,
}: Props) {
  const { t } = useTranslation("history");
  const name = message.fromUser.displayName || message.fromUser.realname;
  const text = message.type === "text" ? htmlToText(message.content) : "";
  const jump = onJump ? () => onJump(message) : undefined;

  return (
    <li className={styles.hEntry} data-testid="history-entry">
      <Avatar
        className={styles.hAvatar}
        src={message.fromUser.avatar || undefined}
        size={36}
      >
        {name.slice(0, 1)}
      </Avatar>
      <div className={styles.hEntryMain}>
        <div className={styles.hEntryHead}>
          <span className={styles.hName} title={name}>
            {name}
          </span>
          <time
            className={styles.hTime}
            dateTime={new Date(message.sendTime).toISOString()}
          >
            {formatFullTime(message.sendTime, locale)}
          </time>
          <span className={styles.hEntryActions}>
            {message.type === "text" && (
              <Tooltip title={t("copy")}>
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={t("copy")}
                  onClick={() => onCopy(text)}
                />
              </Tooltip>
            )}
            {jump && (
              <Tooltip title={t("jump")}>
                <Button
                  type="text"
                  size="small"
                  icon={<AimOutlined />}
                  aria-label={t("jump")}
                  onClick={jump}
                />
              </Tooltip>
            )}
          </span>
        </div>
        {message.type === "text" ? (
          // The jump button above is the keyboard's way in; the text is a larger target.
          <div
            className={clsx(styles.hBody, jump && styles.hClickable)}
            onClick={jump}
          >
            <Highlighted text={text} keywords={keywords} />
          </div>
        ) : (
          <div className={styles.hBody}>
            <EntryMedia message={message} />
          </div>
        )}
      </div>
    </li>
  );
}

/** What a message other than text shows: picture, clip, file card or call line. */
function EntryMedia({ message }: { message: Message }): ReactNode {
  const { t } = useTranslation("history");
  const name = message.fileName;
  switch (message.type) {
    case "image":
    case "emoji":
      return (
        <span className={styles.hPicture}>
          <Image
            src={thumbOf(message.content)}
            alt={name || t(message.type === "emoji" ? "sticker" : "picture")}
            width={96}
            height={96}
            loading="lazy"
            preview={{ src: message.content }}
          />
        </span>
      );
    case "video":
      return (
        <video
          className={styles.hVideo}
          src={message.content}
          controls
          preload="metadata"
          playsInline
          aria-label={name || t("video")}
          data-testid="history-video"
        />
      );
    case "voice":
      return (
        <audio
          className={styles.hAudio}
          src={message.content}
          controls
          preload="none"
          aria-label={t("voice")}
        />
      );
    case "file":
      return <FileLine message={message} />;
    case "webrtc":
      return (
        <span className={styles.hCall}>
          <PhoneOutlined /> {htmlToText(message.content) || t("call")}
        </span>
      );
    default:
      return <span>{htmlToText(message.content)}</span>;
  }
}

/** A file in the list: its name and size, and a download. */
function FileLine({ message }: { message: Message }) {
  const { t } = useTranslation("history");
  const name = fileNameOf(message);
  return (
    <span className={styles.hFileLine}>
      <FileOutlined className={styles.hFileIcon} aria-hidden />
      <span className={styles.hFileText}>
        <span className={styles.hFileName} title={name}>
          {name}
        </span>
        <span className={styles.hMuted}>
          {formatFileSize(fileBytes(message.fileSize))}
        </span>
      </span>
      <a
        className={styles.hDownload}
        href={message.download || message.content}
        download={name}
        aria-label={t("table.downloadFile", { name })}
      >
        <DownloadOutlined />
      </a>
    </span>
  );
}
