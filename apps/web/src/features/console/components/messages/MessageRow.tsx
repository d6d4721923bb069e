import {
  CommentOutlined,
  DownloadOutlined,
  FileOutlined,
  SoundOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { type ConsoleMessage, formatFileSize } from "@parley/protocol";
import { Avatar, Image, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatFullTime } from "../../../../lib/time";
import { DealActions } from "./DealActions";
import { type MessageBody, messageBody, threadRootOf } from "./message-body";
import styles from "./messages.module.css";

const ATTACHMENT_ICONS = {
  voice: <SoundOutlined />,
  video: <VideoCameraOutlined />,
  file: <FileOutlined />,
};

/** The message types the centre names; any other shows as it is stored. */
const TYPE_KEYS: Record<string, string> = {
  text: "centre.type.text",
  image: "centre.type.image",
  voice: "centre.type.voice",
  video: "centre.type.video",
  file: "centre.type.file",
  emoji: "centre.type.emoji",
  webrtc: "centre.type.webrtc",
  event: "centre.type.event",
};

interface Props {
  message: ConsoleMessage;
  locale: string;
  writable: boolean;
}

/** One message: who sent it to whom and when, its type, what it said, and the actions. */
export function MessageRow({ message, locale, writable }: Props) {
  const { t } = useTranslation("consoleChats");
  const sender = message.fromUser.displayName || message.fromUser.realname;
  const body = messageBody(message, (key, options) => t(key, options));
  const typeKey = TYPE_KEYS[message.type];
  const root = threadRootOf(message);

  return (
    <li className={styles.mcRow} data-testid="console-message">
      <Avatar src={message.fromUser.avatar || undefined} size={36}>
        {sender.slice(0, 1)}
      </Avatar>
      <div className={styles.mcRowMain}>
        <div className={styles.mcRowHead}>
          <span className={styles.mcSender} title={sender}>
            {sender}
          </span>
          <span className={styles.mcReceiver} title={message.toName}>
            {message.is_group === 1 && <TeamOutlined aria-hidden />}{" "}
            {t("centre.to", { name: message.toName })}
          </span>
          <time
            className={styles.mcTime}
            dateTime={new Date(message.sendTime).toISOString()}
          >
            {formatFullTime(message.sendTime, locale)}
          </time>
          <Tag style={{ marginInlineEnd: 0 }}>
            {typeKey ? t(typeKey) : message.type}
          </Tag>
          {body.kind === "text" && body.masked && (
            <Tag color="orange" style={{ marginInlineEnd: 0 }}>
              {t("centre.masked")}
            </Tag>
          )}
        </div>
        {root && (
          // A reply in a thread: the root it answers, for the moderator's context.
          <div className={styles.mcThread} data-testid="console-thread-root">
            <CommentOutlined aria-hidden />
            <span className={styles.mcEllipsis}>
              {t("centre.inThread", { name: root.name })}
              {root.text && ` ${root.text}`}
            </span>
          </div>
        )}
        <div className={styles.mcBody}>
          <MessageBodyView body={body} />
        </div>
        <DealActions message={message} disabled={!writable} />
      </div>
    </li>
  );
}

/** What the message said, drawn as text, a thumbnail or a named attachment. */
export function MessageBodyView({ body }: { body: MessageBody }) {
  const { t } = useTranslation("consoleChats");
  switch (body.kind) {
    case "text":
      return (
        <span className={body.masked ? styles.mcMasked : undefined}>
          {body.text}
        </span>
      );
    case "line":
      return <span className={styles.mcMasked}>{body.text}</span>;
    case "picture":
      return (
        <Image
          src={body.thumb}
          alt={body.name || t("centre.picture")}
          width={96}
          height={96}
          loading="lazy"
          style={{ objectFit: "cover", borderRadius: 6 }}
          preview={{ src: body.url }}
        />
      );
    case "attachment": {
      const name =
        body.name ||
        t(body.type === "voice" ? "centre.type.voice" : "centre.type.video");
      return (
        <span className={styles.mcAttachment}>
          <span aria-hidden>{ATTACHMENT_ICONS[body.type]}</span>
          <span className={styles.mcAttachmentText}>
            <span className={styles.mcEllipsis} title={name}>
              {name}
            </span>
            <span className={styles.mcMuted}>{formatFileSize(body.size)}</span>
          </span>
          <a
            href={body.download}
            download={body.name || undefined}
            aria-label={t("centre.download", { name })}
          >
            <DownloadOutlined />
          </a>
        </span>
      );
    }
    case "unsupported":
      return <span className={styles.mcMasked}>{t("centre.unsupported")}</span>;
  }
}
