import styles from "./light.module.css";

/** A spinning ring in the current colour and font size, hidden from screen readers. */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
