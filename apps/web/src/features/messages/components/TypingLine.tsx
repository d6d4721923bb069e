import type { ContactId } from "@parley/protocol";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { type Typer, useTypingStore } from "../typing.store";
import styles from "./typing.module.css";

const NOBODY: readonly Typer[] = [];

/** The line's words: one name, two, or several people (extensions.md §3). */
export function typingText(
  typers: readonly Typer[],
  t: TFunction<"messages">,
): string {
  const [first, second] = typers;
  if (!first) return "";
  if (!second) return t("typing.one", { name: first.name });
  if (typers.length === 2)
    return t("typing.two", { first: first.name, second: second.name });
  return t("typing.several");
}

/**
 * "… is typing" under a chat's messages, for 6 s after each typer's last event; never
 * for myself (the server sends me none of mine).
 */
export function TypingLine({ contactId }: { contactId: ContactId }) {
  const { t } = useTranslation("messages");
  const typers = useTypingStore((s) => s.byChat[String(contactId)] ?? NOBODY);
  const text = typingText(typers, t);
  return (
    <div className={styles.anchor}>
      <div
        role="status"
        aria-live="polite"
        className={text ? styles.line : undefined}
      >
        {text}
      </div>
    </div>
  );
}
