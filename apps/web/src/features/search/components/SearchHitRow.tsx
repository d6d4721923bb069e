import {
  FileOutlined,
  PictureOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import type { DirectoryGroup, SearchHit } from "@parley/protocol";
import { Avatar, Button } from "antd";
import { useTranslation } from "react-i18next";
import { formatListTime } from "../../../lib/time";
import styles from "./Search.module.css";

/** A snippet with the server's marks highlighted; React escapes every part. */
export function Marked({ hit }: { hit: SearchHit }) {
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const [start = 0, end = 0] of hit.marks) {
    if (start < at || end > hit.snippet.length || end <= start) continue;
    if (start > at)
      parts.push({ text: hit.snippet.slice(at, start), mark: false });
    parts.push({ text: hit.snippet.slice(start, end), mark: true });
    at = end;
  }
  if (at < hit.snippet.length)
    parts.push({ text: hit.snippet.slice(at), mark: false });
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? (
          <mark key={i} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** What a found message without words shows: its kind. */
function KindLine({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation("search");
  const type = hit.message.type;
  if (type === "image" || type === "emoji")
    return (
      <>
        <PictureOutlined /> {t("kinds.image")}
      </>
    );
  if (type === "video")
    return (
      <>
        <VideoCameraOutlined /> {t("kinds.video")}
      </>
    );
  return <>{t("kinds.other")}</>;
}

/** One found message: its chat, who sent it and when, the snippet with the words marked. */
export function SearchHitRow({ hit, now }: { hit: SearchHit; now: number }) {
  const { t, i18n } = useTranslation("search");
  const { message, chat } = hit;
  const sender = message.fromUser.displayName || message.fromUser.realname;
  const isFile = message.type === "file";
  return (
    <div className={styles.hit}>
      <Avatar src={chat.avatar || undefined} size={36} shape="square">
        {chat.name.slice(0, 1)}
      </Avatar>
      <div className={styles.hitBody}>
        <div className={styles.hitHead}>
          <span className={styles.hitChat}>{chat.name}</span>
          <span className={styles.hitTime}>
            {formatListTime(message.sendTime, now, i18n.language, {
              yesterday: t("yesterday"),
            })}
          </span>
        </div>
        <div className={styles.hitText}>
          {chat.is_group === 1 && (
            <span className={styles.hitSender}>{sender}: </span>
          )}
          {isFile && <FileOutlined className={styles.hitIcon} />}
          {hit.snippet ? <Marked hit={hit} /> : <KindLine hit={hit} />}
        </div>
      </div>
    </div>
  );
}

/** A public group I am not in, with its size and a way to join it. */
export function PublicGroupRow({
  group,
  joining,
  onJoin,
}: {
  group: DirectoryGroup;
  joining: boolean;
  onJoin: () => void;
}) {
  const { t } = useTranslation("search");
  return (
    <div className={styles.hit}>
      <Avatar src={group.avatar || undefined} size={36} shape="square">
        {group.name.slice(0, 1)}
      </Avatar>
      <div className={styles.hitBody}>
        <div className={styles.hitHead}>
          <span className={styles.hitChat}>{group.name}</span>
        </div>
        <div className={styles.hitText}>
          {t("members", { count: group.groupUserCount })}
          {group.description ? ` · ${group.description}` : ""}
        </div>
      </div>
      <Button
        size="small"
        type="primary"
        ghost
        loading={joining}
        tabIndex={-1}
        aria-label={t("joinNamed", { name: group.name })}
        onClick={(event) => {
          event.stopPropagation();
          onJoin();
        }}
      >
        {t("join")}
      </Button>
    </div>
  );
}
