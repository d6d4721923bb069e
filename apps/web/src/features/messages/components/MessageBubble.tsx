import { Avatar } from "antd";
import { memo } from "react";
import styles from "./chat.module.css";
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
  return (
    <div className={mine ? styles.rowMine : styles.row} data-testid="message">
      <Avatar src={avatar} size={36} className={styles.bubbleAvatar}>
        {name.slice(0, 1)}
      </Avatar>
      <div className={styles.bubbleColumn}>
        <div className={mine ? styles.bubbleMine : styles.bubble}>
          {content}
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
