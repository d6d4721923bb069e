import { CloseOutlined, SearchOutlined } from "@ant-design/icons";
import {
  type Contact,
  GroupLimits,
  type MemberPickerMode,
  memberPickerProblem,
  type PickerUser,
  groups as groupCalls,
} from "@parley/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Avatar, Button, Checkbox, Empty, Input, Modal, Spin } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../../api/http";
import { toast } from "../../../lib/feedback";
import { refreshGroup } from "../groups.queries";
import { matchesPerson } from "../people-match";
import styles from "./groups.module.css";

/** The most people listed at once; a search narrows a bigger directory. */
const SHOWN_MAX = 200;

export type MemberPickerTarget =
  | { mode: "create" }
  | { mode: "add"; groupId: number; memberIds: readonly number[] }
  | { mode: "transfer"; groupId: number };

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
  const client = useQueryClient();
  const mode: MemberPickerMode = target?.mode ?? "create";
  const [name, setName] = useState("");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<PickerUser[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const people = useQuery({
    queryKey: ["groups", "picker", target],
    queryFn: async () =>
      (
        await call(
          groupCalls.getAllUser,
          target?.mode === "transfer"
            ? { group_id: target.groupId }
            : target?.mode === "add"
              ? { user_ids: [...target.memberIds] }
              : {},
        )
      ).data,
    enabled: target !== null,
    staleTime: 0,
  });

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

  const submit = useMutation({
    mutationFn: async () => {
      const ids = picked.map((p) => p.user_id);
      if (target?.mode === "add") {
        await call(groupCalls.addGroupUser, {
          id: target.groupId,
          user_ids: ids,
        });
        refreshGroup(client, target.groupId);
        toast("success", t("picker.added", { count: ids.length }));
        return null;
      }
      if (target?.mode === "transfer") {
        await call(groupCalls.changeOwner, {
          id: target.groupId,
          user_id: ids[0] ?? 0,
        });
        refreshGroup(client, target.groupId);
        toast(
          "success",
          t("picker.transferred", { name: picked[0]?.displayName }),
        );
        return null;
      }
      return (await call(groupCalls.add, { name: name.trim(), user_ids: ids }))
        .data;
    },
    onSuccess: (contact) => {
      close();
      if (contact) onCreated?.(contact);
    },
  });

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
    submit.mutate();
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
        <Button key="ok" type="primary" loading={submit.isPending} onClick={ok}>
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
                    className={
                      person.disabled
                        ? `${styles.pickerRow} ${styles.pickerRowOff}`
                        : styles.pickerRow
                    }
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
                <span className={`${styles.pickerText} ${styles.ellipsis}`}>
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
