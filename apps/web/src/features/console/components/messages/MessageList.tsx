import type { ConsoleMessage } from "@parley/protocol";
import { Spin } from "antd";
import type { ReactNode } from "react";
import { MessageRow } from "./MessageRow";
import styles from "./messages.module.css";

interface Props {
  label: string;
  messages: ConsoleMessage[] | undefined;
  /** A newer answer is on its way: the rows shown dim. */
  refreshing: boolean;
  locale: string;
  writable: boolean;
  /** What an empty list says (after loading). */
  empty: ReactNode;
}

/** Messages, newest first; a spinner until the first answer, then the list or `empty`. */
export function MessageList({
  label,
  messages,
  refreshing,
  locale,
  writable,
  empty,
}: Props) {
  if (messages === undefined)
    return (
      <div className={styles.mcState}>
        <Spin />
      </div>
    );
  if (messages.length === 0) return empty;
  return (
    <Spin spinning={refreshing}>
      <ul className={styles.mcList} aria-label={label}>
        {messages.map((message) => (
          <MessageRow
            key={message.msg_id}
            message={message}
            locale={locale}
            writable={writable}
          />
        ))}
      </ul>
    </Spin>
  );
}
