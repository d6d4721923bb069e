import {
  CommentOutlined,
  TeamOutlined,
  UserAddOutlined,
} from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { modKeyLabel } from "../../../hooks/useModKey";
import styles from "./ChatStart.module.css";

/** Who is looking at the empty chat pane: nobody to talk to, no chat yet, or chats to pick. */
export type ChatStartKind = "nobody" | "noChats" | "pick";

/**
 * What the chat pane says with no chat open (issue 15, fault 6): how to start a
 * conversation for a new user, where to pick one otherwise, and the Ctrl+K shortcut.
 */
export function ChatStart({
  kind,
  onFind,
  onBrowse,
  onAddFriend,
}: {
  kind: ChatStartKind;
  onFind: () => void;
  onBrowse: () => void;
  /** Run mode 2: people are reached by a friend request, offered first. */
  onAddFriend?: (() => void) | undefined;
}) {
  const { t } = useTranslation("messages");
  const keys = modKeyLabel("K");
  // Run mode 2 with no friend yet: a friend request is the only way to anyone. With
  // friends but no chat yet, the pane says so as in run mode 1 and still offers a request.
  const friendsOnly = onAddFriend !== undefined && kind === "nobody";
  const text = friendsOnly
    ? { title: t("start.friendsTitle"), text: t("start.friendsText") }
    : {
        nobody: { title: t("start.nobodyTitle"), text: t("start.nobodyText") },
        noChats: { title: t("start.title"), text: t("start.text") },
        pick: { title: t("start.pickTitle"), text: t("start.pickText") },
      }[kind];

  if (friendsOnly) {
    return (
      <div className={styles.start}>
        <UserAddOutlined className={styles.icon} />
        <h2 className={styles.title}>{text.title}</h2>
        <p className={styles.text}>{text.text}</p>
        <div className={styles.actions}>
          <Button type="primary" onClick={onAddFriend}>
            {t("start.addFriend")}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.start}>
      <CommentOutlined className={styles.icon} />
      <h2 className={styles.title}>{text.title}</h2>
      <p className={styles.text}>{text.text}</p>
      {kind !== "nobody" && (
        <div className={styles.actions}>
          <Button
            type={kind === "noChats" ? "primary" : "default"}
            onClick={onFind}
          >
            {t("start.find")}
          </Button>
          <Button icon={<TeamOutlined />} onClick={onBrowse}>
            {t("start.browse")}
          </Button>
          {onAddFriend && kind === "noChats" && (
            <Button icon={<UserAddOutlined />} onClick={onAddFriend}>
              {t("start.addFriend")}
            </Button>
          )}
        </div>
      )}
      {kind !== "nobody" && (
        <p className={styles.hint}>{t("start.shortcut", { keys })}</p>
      )}
    </div>
  );
}
