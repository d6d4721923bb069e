import { useMemo } from "react";
import { highlightParts } from "../highlight";
import styles from "./HistoryPanel.module.css";

/** Text with what the reader searched for marked; React escapes every part. */
export function Highlighted({
  text,
  keywords,
}: {
  text: string;
  keywords: string;
}) {
  const parts = useMemo(() => highlightParts(text, keywords), [text, keywords]);
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className={styles.hMark}>
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
