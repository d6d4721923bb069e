import { clsx } from "clsx";
import { type ComponentProps, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyDialog } from "../../../lib/lazy-parts";
import styles from "./user-card.module.css";
import type { UserCard as Card } from "./UserCard";

// The card's code is fetched when a card is first opened; mounted means open.
const UserCard = lazyDialog<ComponentProps<typeof Card>>(
  () => import("./UserCard").then((m) => m.UserCard),
  { useOpen: () => true, onFailed: (props) => props.onClose() },
);

/**
 * Wraps what names a person (an avatar, a name) in a button that opens their card. From a
 * group, `groupId` lets the server apply the group's profile privacy.
 */
export function UserCardButton({
  userId,
  groupId,
  name,
  avatar,
  row = false,
  className,
  children,
}: {
  userId: number;
  groupId?: number | undefined;
  /** Their name as the opener shows it: the button's label, and the card's fallback. */
  name: string;
  avatar: string;
  /** Fill the row (an avatar and a name) rather than hug an avatar. */
  row?: boolean;
  className?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation("people");
  const [open, setOpen] = useState(false);
  const base = row ? styles.triggerRow : styles.trigger;
  return (
    <>
      <button
        type="button"
        className={clsx(base, className)}
        aria-label={t("open", { name })}
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      {open && (
        <UserCard
          userId={userId}
          groupId={groupId}
          known={{ name, avatar }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
