import {
  AudioOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FileOutlined,
  MessageOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { type Favourite, formatFileSize } from "@parley/protocol";
import { Avatar, Button, Image, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";
import { formatFullTime } from "../../../lib/time";
import { type FavouriteBody, favouriteBody } from "../favourite-content";
import styles from "./FavouritesPanel.module.css";

const ATTACHMENT_ICONS = {
  voice: <AudioOutlined />,
  video: <VideoCameraOutlined />,
  file: <FileOutlined />,
};

interface Props {
  favourite: Favourite;
  locale: string;
  onOpenChat: () => void;
  onRemove: () => void;
  /** Its removal is on its way: the card dims and its button spins. */
  removing: boolean;
}

/**
 * One saved message: who sent it, when it was saved, the message itself, and the way
 * back to its chat or out of the list.
 */
export function FavouriteCard({
  favourite,
  locale,
  onOpenChat,
  onRemove,
  removing,
}: Props) {
  const { t } = useTranslation("favourites");
  const { message } = favourite;
  const name = message.fromUser.displayName || message.fromUser.realname;
  const savedOn = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(favourite.saved_at);

  return (
    <li
      className={styles.fCard}
      data-testid="favourite"
      data-removing={removing || undefined}
      aria-busy={removing}
    >
      <div className={styles.fCardHead}>
        <Avatar src={message.fromUser.avatar || undefined} size={32}>
          {name.slice(0, 1)}
        </Avatar>
        <span className={styles.fName} title={name}>
          {name}
        </span>
        <time
          className={styles.fMuted}
          dateTime={new Date(favourite.saved_at).toISOString()}
          title={formatFullTime(favourite.saved_at, locale)}
        >
          {t("savedAt", { date: savedOn })}
        </time>
      </div>
      <div className={styles.fContent}>
        <Body body={favouriteBody(message)} />
      </div>
      <div className={styles.fActions}>
        <Button
          type="text"
          size="small"
          icon={<MessageOutlined />}
          onClick={onOpenChat}
        >
          {t("open")}
        </Button>
        <Popconfirm
          title={t("removeConfirm")}
          okText={t("removeOk")}
          cancelText={t("cancel")}
          okButtonProps={{ danger: true }}
          onConfirm={onRemove}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={removing}
          >
            {t("remove")}
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

/** The saved message: its text, its picture, or its attachment. */
function Body({ body }: { body: FavouriteBody }) {
  const { t } = useTranslation("favourites");
  switch (body.kind) {
    case "text":
      return <p className={styles.fText}>{body.text}</p>;
    case "picture":
      return (
        <span className={styles.fPicture}>
          <Image
            src={body.thumb}
            alt={body.name || t("picture")}
            width={120}
            height={120}
            loading="lazy"
            preview={{ src: body.url }}
          />
        </span>
      );
    case "attachment":
      return (
        <span className={styles.fAttachment}>
          <span className={styles.fAttachmentIcon} aria-hidden>
            {ATTACHMENT_ICONS[body.type]}
          </span>
          <span className={styles.fAttachmentText}>
            <span className={styles.fAttachmentName} title={body.name}>
              {body.name}
            </span>
            <span className={styles.fMuted}>
              {t("meta", {
                type: t(body.type),
                size: formatFileSize(body.size),
              })}
            </span>
          </span>
          <a
            className={styles.fDownload}
            href={body.download}
            download={body.name}
            aria-label={t("download", { name: body.name })}
          >
            <DownloadOutlined />
          </a>
        </span>
      );
    case "unsupported":
      return <p className={styles.fText}>{t("unsupported")}</p>;
  }
}
