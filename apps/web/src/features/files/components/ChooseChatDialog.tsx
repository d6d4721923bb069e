import { RightOutlined } from "@ant-design/icons";
import { type Contact, FORWARD_MAX } from "@parley/protocol";
import { Alert, Avatar, Button, Modal, Spin, Tag, Transfer } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { hasChat, isSelfChat, useContactsQuery } from "../../contacts";
import { matchesPerson } from "../../groups";
import styles from "./ChooseChatDialog.module.css";

/** A chat as the transfer lists it. */
interface ChatItem {
  key: string;
  title: string;
  contact: Contact;
}

/**
 * The chats a file may go to: people, groups and the chat with myself, never a system
 * entry. Pinned first,
 * then the chats I have had by their last message, then everyone else (the server dates
 * a person I never wrote to "now", wire-contract.md §2.9, which would put them on top).
 */
export function chatTargets(list: readonly Contact[]): Contact[] {
  return list
    .filter((c) => c.is_group === 0 || c.is_group === 1 || isSelfChat(c))
    .sort(
      (a, b) =>
        b.is_top - a.is_top ||
        Number(hasChat(b)) - Number(hasChat(a)) ||
        b.lastSendTime - a.lastSendTime,
    );
}

export interface ChooseChatDialogProps {
  open: boolean;
  onCancel: () => void;
  /** The chosen chats (1 to 5); a rejection keeps the dialog open with its choice. */
  onConfirm: (targets: Contact[]) => Promise<void> | void;
  title?: string;
}

/**
 * SPEC §2 "Choose-chat dialog": my chats on the left, the chosen on the right, both found
 * by name or pinyin. SPEC §5: at least one, at most five.
 */
export function ChooseChatDialog({
  open,
  onCancel,
  onConfirm,
  title,
}: ChooseChatDialogProps) {
  const { t } = useTranslation("files");
  const contacts = useContactsQuery(open);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const items = useMemo(
    () =>
      chatTargets(contacts.data ?? []).map((contact): ChatItem => ({
        key: String(contact.id),
        title: contact.displayName,
        contact,
      })),
    [contacts.data],
  );

  const countLabel = ({
    selectedCount,
    totalCount,
  }: {
    selectedCount: number;
    totalCount: number;
  }) =>
    selectedCount > 0
      ? t("choose.checked", { count: totalCount, checked: selectedCount })
      : t("choose.count", { count: totalCount });

  const confirm = async () => {
    const targets = chosen.flatMap((key) => {
      const item = items.find((i) => i.key === key);
      return item ? [item.contact] : [];
    });
    if (targets.length === 0) {
      setProblem(t("choose.pickOne"));
      return;
    }
    if (targets.length > FORWARD_MAX) {
      setProblem(t("choose.tooMany", { max: FORWARD_MAX }));
      return;
    }
    setPending(true);
    try {
      await onConfirm(targets);
    } catch {
      // Refused: the API layer has said why; the choice stays for another try.
    } finally {
      setPending(false);
    }
  };

  const reset = () => {
    setChosen([]);
    setProblem(null);
  };

  return (
    <Modal
      open={open}
      title={title ?? t("choose.title")}
      width={612}
      centered
      onCancel={pending ? undefined : onCancel}
      afterClose={reset}
      destroyOnHidden
      footer={[
        <Button key="cancel" disabled={pending} onClick={onCancel}>
          {t("choose.cancel")}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={pending}
          onClick={() => void confirm()}
        >
          {t("choose.confirm")}
        </Button>,
      ]}
    >
      <Transfer<ChatItem>
        className={styles.transfer}
        dataSource={items}
        targetKeys={chosen}
        titles={[t("choose.source"), t("choose.target")]}
        oneWay
        showSearch={{ placeholder: t("choose.search") }}
        showSelectAll={false}
        // antd's own "0 item" counts in English whatever the language; ours follow each
        // language's plural rules.
        selectAllLabels={[countLabel, countLabel]}
        filterOption={(typed, item) => matchesPerson(item.contact, typed)}
        locale={{
          notFoundContent: contacts.isPending ? (
            <Spin size="small" />
          ) : (
            t("choose.none")
          ),
          remove: t("choose.remove"),
        }}
        actions={[
          <Button
            key="add"
            type="primary"
            size="small"
            icon={<RightOutlined className={styles.addIcon} />}
            aria-label={t("choose.add")}
          />,
        ]}
        render={(item) => (
          <span className={styles.row}>
            <Avatar src={item.contact.avatar || undefined} size={28}>
              {item.contact.displayName.slice(0, 1)}
            </Avatar>
            <span className={styles.name} title={item.contact.displayName}>
              {item.contact.displayName}
            </span>
            {item.contact.is_group === 1 && (
              <Tag className={styles.tag} color="blue">
                {t("choose.group")}
              </Tag>
            )}
          </span>
        )}
        onChange={(keys) => {
          setProblem(null);
          setChosen(keys.map(String));
        }}
      />
      <p className={styles.hint}>{t("choose.limit", { max: FORWARD_MAX })}</p>
      {problem && (
        <Alert
          className={styles.problem}
          type="warning"
          showIcon
          role="alert"
          title={problem}
        />
      )}
    </Modal>
  );
}
