import { UserOutlined } from "@ant-design/icons";
import { Avatar } from "antd";
import type { ReactNode } from "react";
import styles from "./groups.module.css";

interface Props {
  avatar: string;
  name: string;
  /** A line under the name (an account, a group id); cut short like the name. */
  secondary?: ReactNode;
  /** Makes the name a button (the keyboard's way to what a row click opens). */
  onOpen?: (() => void) | undefined;
  /** The button's accessible name, when the name is one. */
  openLabel?: string | undefined;
  size?: number;
  /** The icon when there is no picture. */
  icon?: ReactNode;
}

/** An avatar beside a name that a long name never widens: it ends in an ellipsis. */
export function AvatarName({
  avatar,
  name,
  secondary,
  onOpen,
  openLabel,
  size = 32,
  icon = <UserOutlined />,
}: Props) {
  return (
    <div className={styles.gNameCell}>
      <Avatar src={avatar || undefined} icon={icon} size={size} />
      <div className={styles.gNameText}>
        {onOpen ? (
          <button
            type="button"
            className={styles.gPrimaryLink}
            title={name}
            aria-label={openLabel}
            onClick={(event) => {
              // The row opens the same thing: one opening, not two.
              event.stopPropagation();
              onOpen();
            }}
          >
            {name}
          </button>
        ) : (
          <span className={styles.gPrimary} title={name}>
            {name}
          </span>
        )}
        {secondary !== undefined && (
          <span className={styles.gSecondary}>{secondary}</span>
        )}
      </div>
    </div>
  );
}
