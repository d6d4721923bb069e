import {
  QrcodeOutlined,
  SettingOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { type Contact, can, GroupLimits } from "@parley/protocol";
import { Button, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { useActor, useGlobalConfig } from "../../system";
import {
  groupSettingOf,
  useGroupInfoQuery,
  useGroupMembersQuery,
  useRenameGroupMutation,
} from "../groups.queries";
import { membershipOf } from "../member-actions";
import { GroupQrPoster, GroupSettingsDialog } from "../lazy-dialogs";
import styles from "./groups.module.css";

/**
 * A group chat's title bar (SPEC §2): the name (editable by the owner and administrators),
 * the member count, tags for a speak restriction and my own mute, and the QR, group manage
 * (owner) and member panel buttons.
 */
export function GroupTitle({
  contact,
  groupId,
  panelOpen,
  onTogglePanel,
}: {
  contact: Contact;
  groupId: number;
  panelOpen: boolean;
  onTogglePanel: () => void;
}) {
  const { t } = useTranslation("groups");
  const actor = useActor();
  const now = useNow();
  const info = useGroupInfoQuery(groupId);
  const members = useGroupMembersQuery(groupId);
  const renaming = useRenameGroupMutation();
  const [qrOpen, setQrOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const mine = members.data?.find((m) => m.user_id === actor.userId);
  const me = membershipOf(mine, contact.role);
  const setting = info.data?.setting ?? groupSettingOf(contact.setting);
  const count = info.data?.groupUserCount;
  const muted = me.role > 1 && me.mutedUntil > now;
  const config = useGlobalConfig();
  // Public groups (issue 45), unless the console turned them off.
  const publicAllowed = config?.chatInfo.publicGroups !== "0";

  const rename = (name: string) => {
    const next = name.trim();
    if (next === contact.displayName) return;
    // Names outside 2–20 characters stay as they were; the server would refuse them too.
    if (next.length < GroupLimits.nameMin || next.length > GroupLimits.nameMax)
      return;
    renaming.mutate({ groupId, name: next });
  };

  return (
    <>
      <Typography.Text
        className={styles.titleName}
        title={contact.displayName}
        editable={
          can(actor, "group.editInfo", { member: me, settings: setting })
            ? {
                maxLength: GroupLimits.nameMax,
                tooltip: t("title.rename"),
                triggerType: ["icon"],
                onChange: rename,
              }
            : false
        }
      >
        {contact.displayName}
      </Typography.Text>
      {count !== undefined && (
        <span
          className={styles.titleCount}
          aria-label={t("members.count", { count })}
        >
          {`(${count})`}
        </span>
      )}
      {setting.nospeak !== "0" && (
        <Tag color="orange" className={styles.titleTag}>
          {t(`title.nospeak.${setting.nospeak}`)}
        </Tag>
      )}
      {muted && (
        <Tag color="red" className={styles.titleTag}>
          {t("title.muted")}
        </Tag>
      )}
      <span className={styles.titleActions}>
        <Tooltip title={t("qr.open")}>
          <Button
            type="text"
            icon={<QrcodeOutlined />}
            aria-label={t("qr.open")}
            onClick={() => setQrOpen(true)}
          />
        </Tooltip>
        {(can(actor, "group.own", { member: me }) ||
          can(actor, "group.manageHooks", { member: me }) ||
          (can(actor, "group.setPublic", { member: me }) && publicAllowed)) && (
          <Tooltip title={t("settings.title")}>
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label={t("settings.title")}
              onClick={() => setSettingsOpen(true)}
            />
          </Tooltip>
        )}
        <Tooltip title={t("panel.toggle")}>
          <Button
            type={panelOpen ? "primary" : "text"}
            ghost={panelOpen}
            icon={<TeamOutlined />}
            aria-label={t("panel.toggle")}
            aria-pressed={panelOpen}
            onClick={onTogglePanel}
          />
        </Tooltip>
      </span>
      <GroupQrPoster
        groupId={groupId}
        open={qrOpen}
        onClose={() => setQrOpen(false)}
      />
      <GroupSettingsDialog
        groupId={groupId}
        setting={setting}
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        owner={can(actor, "group.own", { member: me })}
        publicAllowed={publicAllowed}
        hooks={can(actor, "group.manageHooks", { member: me })}
      />
    </>
  );
}
