import type { ReactNode } from "react";
import { useSessionStore } from "../../../stores/session.store";
import { LanguageMenu } from "../../../components/LanguageMenu";
import styles from "./AuthLayout.module.css";

/** The frame of the login and register pages: a full-window background and one card. */
export function AuthLayout({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  const name = useSessionStore((s) => s.config?.sysInfo.name ?? "");
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <span className={styles.brand}>{name}</span>
        <LanguageMenu light />
      </header>
      <main className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
