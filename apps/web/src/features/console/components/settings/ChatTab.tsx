import type { ChatInfo } from "@parley/protocol";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { sectionRule, TEXT_MAX } from "./config-rules";
import { FlagField } from "./FlagField";
import { NumberField } from "./NumberField";
import { type SaveQuestion, SectionForm } from "./SectionForm";
import styles from "./settings.module.css";

/**
 * The chat section (chatInfo): what people may do (one-to-one and group chats, calls,
 * online status, deleting), the limits, how long messages are kept (a shorter time is
 * asked first: the nightly task deletes what is older), and the STUN/TURN server.
 */
export function ChatTab({
  stored,
  mayWrite,
}: {
  stored: ChatInfo;
  mayWrite: boolean;
}) {
  const { t } = useTranslation("console");
  const seconds = t("settings.units.seconds");
  const invalid = t("settings.rules.invalid");

  // Keeping fewer days than before deletes messages for good at the next nightly run.
  const shortening = (
    changes: Record<string, unknown>,
  ): SaveQuestion | null => {
    if (typeof changes.msgClearDay !== "string") return null;
    const days = Number(changes.msgClearDay);
    const before = Number(stored.msgClearDay) || 0;
    return days > 0 && (before === 0 || days < before)
      ? {
          title: t("settings.chat.retentionTitle"),
          content: t("settings.chat.retentionText", { days }),
          okText: t("settings.chat.retentionOk"),
        }
      : null;
  };

  return (
    <SectionForm
      section="chatInfo"
      label={t("settings.tabs.chat")}
      stored={stored}
      mayWrite={mayWrite}
      question={shortening}
    >
      <h3 className={styles.conGroup}>{t("settings.chat.features")}</h3>
      <FlagField
        name="simpleChat"
        label={t("settings.chat.simpleChat")}
        help={t("settings.chat.simpleChatHelp")}
      />
      <FlagField
        name="groupChat"
        label={t("settings.chat.groupChat")}
        help={t("settings.chat.groupChatHelp")}
      />
      <FlagField
        name="webrtc"
        label={t("settings.chat.webrtc")}
        help={t("settings.chat.webrtcHelp")}
      />
      <FlagField
        name="videoCall"
        label={t("settings.chat.videoCall")}
        help={t("settings.chat.videoCallHelp")}
      />
      <FlagField
        name="online"
        label={t("settings.chat.online")}
        help={t("settings.chat.onlineHelp")}
      />
      <FlagField
        name="linkPreview"
        label={t("settings.chat.linkPreview")}
        help={t("settings.chat.linkPreviewHelp")}
      />
      <FlagField
        name="publicGroups"
        label={t("settings.chat.publicGroups")}
        help={t("settings.chat.publicGroupsHelp")}
      />
      <FlagField
        name="dbDelMsg"
        label={t("settings.chat.dbDelMsg")}
        help={t("settings.chat.dbDelMsgHelp")}
      />

      <h3 className={styles.conGroup}>{t("settings.chat.limits")}</h3>
      <NumberField
        section="chatInfo"
        name="redoTime"
        label={t("settings.chat.redoTime")}
        unit={seconds}
        help={t("settings.chat.redoTimeHelp")}
      />
      <NumberField
        section="chatInfo"
        name="editTime"
        label={t("settings.chat.editTime")}
        unit={seconds}
        help={t("settings.chat.editTimeHelp")}
      />
      <NumberField
        section="chatInfo"
        name="groupUserMax"
        label={t("settings.chat.groupUserMax")}
        help={t("settings.chat.groupUserMaxHelp")}
      />
      <NumberField
        section="chatInfo"
        name="sendInterval"
        label={t("settings.chat.sendInterval")}
        unit={seconds}
        help={t("settings.chat.sendIntervalHelp")}
      />
      <NumberField
        section="chatInfo"
        name="msgClearDay"
        label={t("settings.chat.msgClearDay")}
        unit={t("settings.units.days")}
        help={t("settings.chat.msgClearDayHelp")}
      />

      <h3 className={styles.conGroup}>{t("settings.chat.calls")}</h3>
      <Form.Item
        name="stun"
        label={t("settings.chat.stun")}
        extra={t("settings.chat.stunHelp")}
        rules={[sectionRule("chatInfo", "stun", t("settings.rules.stun"))]}
      >
        <Input maxLength={TEXT_MAX.stun} placeholder="turn:turn.example.com" />
      </Form.Item>
      <Form.Item
        name="stunUser"
        label={t("settings.chat.stunUser")}
        rules={[sectionRule("chatInfo", "stunUser", invalid)]}
      >
        <Input maxLength={TEXT_MAX.stunUser} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="stunPass"
        label={t("settings.chat.stunPass")}
        rules={[sectionRule("chatInfo", "stunPass", invalid)]}
      >
        <Input.Password
          maxLength={TEXT_MAX.stunPass}
          autoComplete="new-password"
        />
      </Form.Item>
    </SectionForm>
  );
}
