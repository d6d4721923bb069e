import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChatCommandsQuery } from "../commands.queries";
import styles from "./chat.module.css";

/**
 * The slash commands whose names start with what is typed after `/`, above the editor
 * (extensions.md §9): a click, or Tab for the first, puts `/name ` in the field.
 */
export function CommandHints({
  query,
  onFirst,
  onPick,
}: {
  /** What is typed after `/`. */
  query: string;
  /** Told the first command offered (the editor's Tab takes it), or null for none. */
  onFirst: (name: string | null) => void;
  onPick: (name: string) => void;
}) {
  const { t } = useTranslation("messages");
  const list = useChatCommandsQuery(true);
  const matches = (list.data ?? [])
    .filter((command) => command.name.startsWith(query))
    .slice(0, 8);
  const firstName = matches[0]?.name ?? null;
  useEffect(() => {
    onFirst(firstName);
    return () => onFirst(null);
  }, [onFirst, firstName]);
  if (matches.length === 0) return null;
  return (
    <div
      className={styles.commandHints}
      role="listbox"
      aria-label={t("commands.title")}
    >
      {matches.map((command, index) => (
        <button
          key={command.name}
          type="button"
          role="option"
          aria-selected={index === 0}
          className={styles.commandHint}
          // Keeps the focus in the field.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(command.name)}
        >
          <strong>/{command.name}</strong>
          <span>{command.description}</span>
        </button>
      ))}
    </div>
  );
}
