import { settings, type UserInfo, type UserSetting } from "@parley/protocol";
import { Radio, Segmented, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { themeOf } from "../appearance";
import { useSaveSettingMutation } from "../settings.queries";
import { NotificationsSetting } from "./NotificationsSetting";
import styles from "./settings.module.css";

type Toggle =
  | "isVoice"
  | "avatarCricle"
  | "hideMessageName"
  | "hideMessageTime"
  | "formatMessages";

const TOGGLES: ReadonlyArray<{ field: Toggle; label: string; hint: string }> = [
  { field: "isVoice", label: "general.sound", hint: "general.soundHint" },
  {
    field: "avatarCricle",
    label: "general.roundAvatars",
    hint: "general.roundAvatarsHint",
  },
  {
    field: "hideMessageName",
    label: "general.hideNames",
    hint: "general.hideNamesHint",
  },
  {
    field: "hideMessageTime",
    label: "general.hideTimes",
    hint: "general.hideTimesHint",
  },
  {
    field: "formatMessages",
    label: "general.formatMessages",
    hint: "general.formatMessagesHint",
  },
];

/**
 * Common settings (SPEC §2): the new-message sound, round avatars, hidden names and
 * times, formatted messages (extensions.md §4), the send shortcut and the theme. Each change is saved at once and shows at once.
 */
export function CommonTab({ user }: { user: UserInfo }) {
  const { t } = useTranslation("settings");
  const save = useSaveSettingMutation();
  const setting: UserSetting = user.setting;

  return (
    <div className={styles.rows}>
      {TOGGLES.map(({ field, label, hint }) => (
        <div className={styles.row} key={field}>
          <div className={styles.rowText}>
            <span id={`setting-${field}`} className={styles.rowLabel}>
              {t(label)}
            </span>
            <Typography.Text type="secondary" className={styles.rowHint}>
              {t(hint)}
            </Typography.Text>
          </div>
          <Switch
            aria-labelledby={`setting-${field}`}
            checked={setting[field]}
            onChange={(checked) => save.mutate({ [field]: checked })}
          />
        </div>
      ))}
      <NotificationsSetting />
      <div className={styles.rowStacked}>
        <span id="setting-theme" className={styles.rowLabel}>
          {t("general.theme")}
        </span>
        <Segmented
          aria-labelledby="setting-theme"
          value={themeOf(setting.theme)}
          onChange={(theme) => save.mutate({ theme })}
          options={settings.THEMES.map((theme) => ({
            value: theme,
            label: t(`general.themes.${theme}`),
          }))}
        />
      </div>
      <div className={styles.rowStacked}>
        <span id="setting-sendKey" className={styles.rowLabel}>
          {t("sendKey")}
        </span>
        <Radio.Group
          aria-labelledby="setting-sendKey"
          className={styles.radios}
          value={setting.sendKey === 2 ? 2 : 1}
          onChange={(e) =>
            save.mutate({ sendKey: e.target.value === 2 ? 2 : 1 })
          }
          options={[
            { value: 1, label: t("sendKeyEnter") },
            { value: 2, label: t("sendKeyCtrlEnter") },
          ]}
        />
      </div>
    </div>
  );
}
