import type { Contact } from "@parley/protocol";
import styles from "./groups.module.css";

/** A group chat's name alone: the title bar while its controls' code is fetched. */
export function GroupTitleName({ contact }: { contact: Contact }) {
  return (
    <span className={styles.titleName} title={contact.displayName}>
      {contact.displayName}
    </span>
  );
}
