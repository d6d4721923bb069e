import type { ReactNode } from "react";
import styles from "./CountBadge.module.css";

/**
 * A count or a dot on the corner of what it marks (unread messages, @me), drawn as antd's
 * Badge draws it but without its code: the chat screen's first download keeps to its
 * budget (issue 43). A count of 0 and no dot show nothing; above `max` it says `max+`.
 * Tests find it by `data-badge` ("count" or "dot").
 */
export function CountBadge({
  count = 0,
  dot = false,
  max = 99,
  color,
  offset,
  title,
  className,
  children,
}: {
  count?: number;
  dot?: boolean;
  max?: number;
  /** A dot's colour (the presence dot is green); the count's is antd's red. */
  color?: string;
  /** [right, top] nudges of the mark, px (antd's `offset`: x to the left, y down). */
  offset?: [number, number];
  title?: string | undefined;
  className?: string;
  children?: ReactNode;
}) {
  const shown = dot || count > 0;
  const mark = shown ? (
    <sup
      className={[
        dot ? styles.dot : styles.count,
        children === undefined ? styles.standalone : "",
      ].join(" ")}
      data-badge={dot ? "dot" : "count"}
      title={title ?? (dot ? undefined : String(count))}
      style={{
        ...(color ? { background: color } : {}),
        ...(offset && children !== undefined
          ? { right: -offset[0], marginTop: offset[1] }
          : {}),
      }}
    >
      {dot ? null : count > max ? `${String(max)}+` : count}
    </sup>
  ) : null;
  if (children === undefined)
    return mark && <span className={className}>{mark}</span>;
  return (
    <span className={[styles.wrap, className ?? ""].join(" ")}>
      {children}
      {mark}
    </span>
  );
}
