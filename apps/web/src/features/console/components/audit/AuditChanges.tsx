import type { AuditEntry } from "@parley/protocol";
import { useTranslation } from "react-i18next";
import styles from "./audit.module.css";

/** A recorded value as text: a string as it is, anything else as JSON, nothing as a dash. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "string") return value === "" ? "“”" : value;
  return JSON.stringify(value);
}

/**
 * What an entry changed: each field with its value before and after, side by side, the
 * fields that differ marked. A creation has no "before", a deletion no "after".
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("console");
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];

  if (fields.length === 0)
    return <p className={styles.conNoChanges}>{t("audit.noChanges")}</p>;

  return (
    <table className={styles.conChanges} aria-label={t("audit.changes")}>
      <thead>
        <tr>
          <th scope="col">{t("audit.field")}</th>
          <th scope="col">{t("audit.before")}</th>
          <th scope="col">{t("audit.after")}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const from = shown(before[field]);
          const to = shown(after[field]);
          return (
            <tr
              key={field}
              className={from === to ? undefined : styles.conChanged}
            >
              <th scope="row">{field}</th>
              <td>{entry.before ? from : "—"}</td>
              <td>{entry.after ? to : "—"}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
