import { clsx } from "clsx";
import { CloseOutlined, SearchOutlined } from "@ant-design/icons";
import {
  type Contact,
  GroupLimits,
  type MemberPickerMode,
  memberPickerProblem,
  type PickerUser,
} from "@parley/protocol";
import { Avatar, Button, Checkbox, Empty, Input, Modal, Spin } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type MemberPickerTarget,
  useAddMembersMutation,
  useCreateGroupMutation,
  usePickerPeopleQuery,
  useTransferGroupMutation,
} from "../members.queries";
import { matchesPerson } from "../people-match";
import styles from "./groups.module.css";

/** The most people listed at once; a search narrows a bigger directory. */
const SHOWN_MAX = 200;

interface Props {
  target: MemberPickerTarget | null;
  /** The members a group may have (`groupUserMax`, 0 for no cap). */
  groupUserMax: number;
  /** How many the group has now (add mode). */
  memberCount?: number;
  onClose: () => void;
  /** A group was created: its contact, to open. */
  onCreated?: (contact: Contact) => void;
}

/**
 * The group and member dialog (SPEC §2): create a group (name and people), add members, or
 * pick the one member to hand the group to. SPEC §5's checks run before the call, from the
 * same rule the server applies.
 */
export function MemberPickerDialog({
  target,
  groupUserMax,
  memberCount = 1,
  onClose,
  onCreated,
}: Props) {
  const { t } = useTranslation("groups");
  const mode: MemberPickerMode = target?.mode ?? "create";
  const [name, setName] = useState("");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<PickerUser[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const people = usePickerPeopleQuery(target);

  const shown = useMemo(
    () =>
      (people.data ?? [])
        .filter((p) => matchesPerson(p, query))
        .slice(0, SHOWN_MAX),
    [people.data, query],
  );
  const total = people.data?.length ?? 0;

  const reset = () => {
    setName("");
    setQuery("");
    setPicked([]);
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const create = useCreateGroupMutation();
  const addMembers = useAddMembersMutation();
  const transfer = useTransferGroupMutation();
  const submitting =
    create.isPending || addMembers.isPending || transfer.isPending;

  const submit = () => {
    const ids = picked.map((p) => p.user_id);
    if (target?.mode === "add") {
      addMembers.mutate(
        { groupId: target.groupId, userIds: ids },
        { onSuccess: close },
      );
      return;
    }
    if (target?.mode === "transfer") {
      transfer.mutate(
        {
          groupId: target.groupId,
          userId: ids[0] ?? 0,
          name: picked[0]?.displayName,
        },
        { onSuccess: close },
      );
      return;
    }
    create.mutate(
      { name: name.trim(), userIds: ids },
      {
        onSuccess: (contact) => {
          close();
          onCreated?.(contact);
        },
      },
    );
  };

  const toggle = (person: PickerUser) => {
    setProblem(null);
    setPicked((list) => {
      if (list.some((p) => p.user_id === person.user_id))
        return list.filter((p) => p.user_id !== person.user_id);
      return mode === "transfer" ? [person] : [...list, person];
    });
  };

  const ok = () => {
    const found = memberPickerProblem(mode, {
      name,
      picked: picked.length,
      members: mode === "create" ? 1 : memberCount,
      groupUserMax,
    });
    if (found) {
      setProblem(
        found === "group.pickOne"
          ? t("picker.pickOne")
          : t(`errors:keys.${found}`, { max: groupUserMax }),
      );
      return;
    }
    submit();
  };

  const title =
    mode === "create"
      ? t("picker.createTitle")
      : mode === "add"
        ? t("picker.addTitle")
        : t("picker.transferTitle");

  return (
    <Modal
      open={target !== null}
      title={title}
      width={612}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t("actions.cancel")}
        </Button>,
        <Button key="ok" type="primary" loading={submitting} onClick={ok}>
          {mode === "create"
            ? t("picker.create")
            : mode === "add"
              ? t("picker.add")
              : t("picker.transfer")}
        </Button>,
      ]}
    >
      {mode === "create" && (
        <Input
          className={styles.pickerName}
          value={name}
          maxLength={GroupLimits.nameMax}
          showCount
          placeholder={t("picker.namePlaceholder")}
          aria-label={t("picker.name")}
          onChange={(e) => {
            setProblem(null);
            setName(e.target.value);
          }}
        />
      )}
      <div className={styles.picker}>
        <div className={styles.pickerSide}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            value={query}
            placeholder={t("picker.search")}
            aria-label={t("picker.search")}
            onChange={(e) => setQuery(e.target.value)}
          />
          <div
            className={styles.pickerList}
            role="listbox"
            aria-multiselectable={mode !== "transfer"}
            aria-label={t("picker.people")}
          >
            {people.isLoading ? (
              <Spin className={styles.pickerSpin} />
            ) : shown.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  total === 0 ? t("picker.nobody") : t("picker.noMatch")
                }
              />
            ) : (
              shown.map((person) => {
                const chosen = picked.some((p) => p.user_id === person.user_id);
                return (
                  <label
                    key={person.user_id}
                    className={clsx(
                      styles.pickerRow,
                      person.disabled && styles.pickerRowOff,
                    )}
                  >
                    <Checkbox
                      checked={chosen || person.disabled}
                      disabled={person.disabled}
                      onChange={() => toggle(person)}
                      aria-label={person.displayName}
                    />
                    <Avatar src={person.avatar || undefined} size={32}>
                      {person.displayName.slice(0, 1)}
                    </Avatar>
                    <span className={styles.pickerText}>
                      <span
                        className={styles.ellipsis}
                        title={person.displayName}
                      >
                        {person.displayName}
                      </span>
                      <span className={styles.pickerAccount}>
                        {person.disabled ? t("picker.already") : person.account}
                      </span>
                    </span>
                  </label>
                );
              })
            )}
            {total > SHOWN_MAX && shown.length === SHOWN_MAX && (
              <div className={styles.pickerMore}>{t("picker.refine")}</div>
            )}
          </div>
        </div>
        <div className={styles.pickerSide} aria-label={t("picker.chosen")}>
          <div className={styles.pickerChosenTitle}>
            {t("picker.chosenCount", { count: picked.length })}
          </div>
          <div className={styles.pickerList}>
            {picked.map((person) => (
              <div key={person.user_id} className={styles.pickerRow}>
                <Avatar src={person.avatar || undefined} size={32}>
                  {person.displayName.slice(0, 1)}
                </Avatar>
                <span className={clsx(styles.pickerText, styles.ellipsis)}>
                  {person.displayName}
                </span>
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={t("picker.unpick", { name: person.displayName })}
                  onClick={() => toggle(person)}
                />
              </div>
            ))}
          </div>
        </div>
      </div>
      {problem && (
        <div role="alert" className={styles.problem}>
          {problem}
        </div>
      )}
    </Modal>
  );
}
