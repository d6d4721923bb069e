import type { GroupSetting } from "@parley/protocol";
import { Modal, Radio, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useGroupSettingMutation } from "../groups.queries";
import { GroupHooks } from "./GroupHooks";
import styles from "./groups.module.css";

const SWITCHES = ["manage", "invite", "profile", "history"] as const;

/**
 * The owner's group settings (SPEC §3 Group, §6): four switches and who may speak. Each
 * change is saved at once and reaches every member live; a refusal puts the switch back.
 */
export function GroupSettingsDialog({
  groupId,
  setting,
  open,
  onClose,
  owner = true,
  publicAllowed = true,
  hooks = false,
}: {
  groupId: number;
  setting: GroupSetting;
  open: boolean;
  onClose: () => void;
  /** The owner sets every switch; an administrator only whether the group is public. */
  owner?: boolean;
  /** The console allows public groups (a public group may still be closed). */
  publicAllowed?: boolean;
  /** The caller manages the group's webhooks (its owner and administrators). */
  hooks?: boolean;
}) {
  const { t } = useTranslation("groups");
  const [shown, setShown] = useState<GroupSetting | null>(null);
  const current = shown ?? setting;
  const saving = useGroupSettingMutation();
  const save = (change: Partial<GroupSetting>) => {
    setShown({ ...current, ...change });
    saving.mutate({ groupId, change }, { onSettled: () => setShown(null) });
  };
  return (
    <Modal
      open={open}
      title={t("settings.title")}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {(publicAllowed || current.public === "1") && (
        <div className={styles.settingRow}>
          <span className={styles.settingText}>
            <span>{t("settings.public.label")}</span>
            <span className={styles.settingHint}>
              {t("settings.public.hint")}
            </span>
          </span>
          <Switch
            checked={current.public === "1"}
            loading={
              saving.isPending && saving.variables.change.public !== undefined
            }
            onChange={(on) => save({ public: on ? "1" : "0" })}
            aria-label={t("settings.public.label")}
          />
        </div>
      )}
      {owner &&
        SWITCHES.map((key) => (
          <div key={key} className={styles.settingRow}>
            <span className={styles.settingText}>
              <span>{t(`settings.${key}.label`)}</span>
              <span className={styles.settingHint}>
                {t(`settings.${key}.hint`)}
              </span>
            </span>
            <Switch
              checked={current[key] === "1"}
              loading={
                saving.isPending && saving.variables.change[key] !== undefined
              }
              onChange={(on) => save({ [key]: on ? "1" : "0" })}
              aria-label={t(`settings.${key}.label`)}
            />
          </div>
        ))}
      {owner && (
        <>
          <div className={styles.settingRow}>
            <span className={styles.settingText}>
              <span>{t("settings.nospeak.label")}</span>
              <span className={styles.settingHint}>
                {t("settings.nospeak.hint")}
              </span>
            </span>
          </div>
          <Radio.Group
            value={current.nospeak}
            onChange={(e) =>
              save({ nospeak: e.target.value as GroupSetting["nospeak"] })
            }
            aria-label={t("settings.nospeak.label")}
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: "0", label: t("settings.nospeak.0") },
              { value: "1", label: t("settings.nospeak.1") },
              { value: "2", label: t("settings.nospeak.2") },
            ]}
          />
        </>
      )}
      {hooks && <GroupHooks groupId={groupId} />}
    </Modal>
  );
}
