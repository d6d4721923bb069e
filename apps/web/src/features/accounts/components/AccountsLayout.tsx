import type { ReactNode } from "react";
import { LanguageMenu } from "../../../components/LanguageMenu";
import { useGlobalConfig } from "../../system";
import styles from "./AccountsLayout.module.css";

/** The frame of the login and register pages: a full-window background and one card. */
export function AccountsLayout({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  const sysInfo = useGlobalConfig()?.sysInfo;
  const name = sysInfo?.name ?? "";
  const logo = sysInfo?.logo ?? "";
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <span className={styles.brand}>
          {logo !== "" && <img className={styles.logo} src={logo} alt="" />}
          {name}
        </span>
        <LanguageMenu onDark />
      </header>
      <main className={styles.card}>
        <h1 className={styles.heading}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
