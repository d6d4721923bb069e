import { Avatar, Button } from "antd";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./chat.module.css";
import { collapsedText } from "./long-text";
import { type DeliveryStatus, MessageStatus } from "./MessageStatus";

export interface BubbleProps {
  mine: boolean;
  avatar: string;
  name: string;
  content: string;
  status: DeliveryStatus;
  read?: boolean | undefined;
  onResend?: (() => void) | undefined;
}

/** One message, as text: content is never rendered as HTML. */
export const MessageBubble = memo(function MessageBubble(props: BubbleProps) {
  const { mine, avatar, name, content, status, read, onResend } = props;
  const { t } = useTranslation("messages");
  const [expanded, setExpanded] = useState(false);
  const short = collapsedText(content);
  return (
    <div className={mine ? styles.rowMine : styles.row} data-testid="message">
      <Avatar src={avatar} size={36} className={styles.bubbleAvatar}>
        {name.slice(0, 1)}
      </Avatar>
      <div className={styles.bubbleColumn}>
        <div className={mine ? styles.bubbleMine : styles.bubble}>
          {short !== null && !expanded ? short : content}
          {short !== null && (
            <Button
              type="link"
              size="small"
              className={styles.showMore}
              aria-expanded={expanded}
              onClick={() => setExpanded(!expanded)}
            >
              {t(expanded ? "bubble.showLess" : "bubble.showMore")}
            </Button>
          )}
        </div>
        {mine && (
          <div className={styles.bubbleStatus}>
            <MessageStatus status={status} read={read} onResend={onResend} />
          </div>
        )}
      </div>
    </div>
  );
});
