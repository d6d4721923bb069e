import { BotTag } from "../../../components/BotTag";
import {
  EditOutlined,
  MoreOutlined,
  SearchOutlined,
  UserAddOutlined,
} from "@ant-design/icons";
import {
  type Contact,
  can,
  GroupLimits,
  GroupRoles,
  type GroupMember,
} from "@parley/protocol";
import {
  Avatar,
  Button,
  Dropdown,
  Input,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import { useQueryClient } from "@tanstack/react-query";
import { setDescription } from "../directory.queries";
import { appModal } from "../../../components/AppModal";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { toast } from "../../../lib/feedback";
import { UserCardButton } from "../../friends";
import { useActor, useGlobalConfig } from "../../system";
import {
  useClearGroupMessagesMutation,
  useDisbandGroupMutation,
  useGroupInfoQuery,
  useGroupMembersQuery,
} from "../groups.queries";
import {
  type MemberPickerTarget,
  useRemoveMemberMutation,
  useSetManagerMutation,
  useTransferGroupMutation,
} from "../members.queries";
import {
  type MemberAction,
  memberActions,
  membershipOf,
  sortMembers,
} from "../member-actions";
import { matchesPerson } from "../people-match";
import { useReportStore } from "../../../stores/report.store";
import styles from "./groups.module.css";
import { MemberPickerDialog, MuteDialog, NoticeDialog } from "../lazy-dialogs";

/**
 * The group side panel (SPEC §2): the notice, the members with their roles and mutes, and
 * what my role lets me do to each, to the group, and to my place in it.
 */
export function GroupPanel({
  contact,
  groupId,
  fill = false,
}: {
  contact: Contact;
  groupId: number;
  /** In a drawer: take its whole width rather than sit as a column. */
  fill?: boolean;
}) {
  const { t } = useTranslation("groups");
  const actor = useActor();
  const config = useGlobalConfig();
  const now = useNow();
  const info = useGroupInfoQuery(groupId);
  const client = useQueryClient();
  const members = useGroupMembersQuery(groupId);
  const [query, setQuery] = useState("");
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [muting, setMuting] = useState<GroupMember | null>(null);
  const [picker, setPicker] = useState<MemberPickerTarget | null>(null);

  const list = useMemo(() => sortMembers(members.data ?? []), [members.data]);
  const mine = list.find((m) => m.user_id === actor.userId);
  const me = membershipOf(mine, contact.role);
  const shown = useMemo(
    () => list.filter((m) => matchesPerson(m.userInfo, query)),
    [list, query],
  );
  const setting = info.data?.setting;
  const notice = info.data?.notice ?? contact.notice ?? "";
  const count = info.data?.groupUserCount ?? list.length;
  const owns = can(actor, "group.own", { member: me });

  const setManager = useSetManagerMutation();
  const removeMember = useRemoveMemberMutation();
  const transfer = useTransferGroupMutation();
  const clearMessages = useClearGroupMessagesMutation();
  const disband = useDisbandGroupMutation();

  const confirm = (
    title: string,
    content: string,
    okText: string,
    run: () => Promise<unknown>,
    done?: string,
  ) => {
    appModal.confirm({
      title,
      content,
      okText,
      cancelText: t("actions.cancel"),
      okButtonProps: { danger: true },
      centered: true,
      onOk: async () => {
        await run();
        if (done) toast("success", done);
      },
    });
  };

  const onAction = (action: MemberAction, target: GroupMember) => {
    const name = target.userInfo.displayName;
    switch (action) {
      case "makeAdmin":
      case "unmakeAdmin":
        setManager.mutate({
          groupId,
          userId: target.user_id,
          role: action === "makeAdmin" ? 2 : 3,
        });
        return;
      case "mute":
        setMuting(target);
        return;
      case "remove":
        confirm(
          t("members.removeTitle", { name }),
          t("members.removeBody", { name }),
          t("members.remove"),
          () => removeMember.mutateAsync({ groupId, userId: target.user_id }),
        );
        return;
      case "transfer":
        confirm(
          t("members.transferTitle", { name }),
          t("members.transferBody", { name }),
          t("members.transfer"),
          // The transfer says so itself, naming the new owner.
          () => transfer.mutateAsync({ groupId, userId: target.user_id, name }),
        );
        return;
    }
  };

  const roleTag = (role: number) =>
    role === GroupRoles.owner ? (
      <Tag color="gold">{t("roles.owner")}</Tag>
    ) : role === GroupRoles.admin ? (
      <Tag color="blue">{t("roles.admin")}</Tag>
    ) : null;

  const description = info.data?.description ?? "";
  const mayDescribe =
    setting !== undefined &&
    can(actor, "group.editInfo", { member: me, settings: setting });

  return (
    <aside
      className={fill ? styles.panelFill : styles.panel}
      aria-label={t("panel.label")}
    >
      {(description !== "" || mayDescribe) && (
        // What the group is for (issue 45): the directory shows it too.
        <section
          className={styles.panelSection}
          aria-label={t("description.title")}
        >
          <div className={styles.panelHeading}>
            <span>{t("description.title")}</span>
          </div>
          <Typography.Paragraph
            className={description ? styles.notice : styles.noticeEmpty}
            editable={
              mayDescribe
                ? {
                    maxLength: GroupLimits.descriptionMax,
                    tooltip: t("description.edit"),
                    triggerType: ["icon", "text"],
                    text: description,
                    onChange: (next) => {
                      if (next.trim() === description) return;
                      void setDescription(client, groupId, next.trim()).catch(
                        () => undefined,
                      );
                    },
                  }
                : false
            }
          >
            {description || t("description.none")}
          </Typography.Paragraph>
        </section>
      )}
      <section className={styles.panelSection} aria-label={t("notice.title")}>
        <div className={styles.panelHeading}>
          <span>{t("notice.title")}</span>
          {setting &&
            can(actor, "group.editNoticeIcon", {
              member: me,
              settings: setting,
            }) && (
              <Tooltip title={t("notice.edit")}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t("notice.edit")}
                  onClick={() => setNoticeOpen(true)}
                />
              </Tooltip>
            )}
        </div>
        <div className={notice ? styles.notice : styles.noticeEmpty}>
          {notice || t("notice.none")}
        </div>
      </section>
      <section className={styles.panelMembers} aria-label={t("members.label")}>
        <div className={styles.panelHeading}>
          <span>{t("members.count", { count })}</span>
          {setting &&
            can(actor, "group.addMembers", {
              member: me,
              settings: setting,
            }) && (
              <Tooltip title={t("members.add")}>
                <Button
                  type="text"
                  size="small"
                  icon={<UserAddOutlined />}
                  aria-label={t("members.add")}
                  onClick={() =>
                    setPicker({
                      mode: "add",
                      groupId,
                      memberIds: list.map((m) => m.user_id),
                    })
                  }
                />
              </Tooltip>
            )}
        </div>
        {list.length > 8 && (
          <Input
            size="small"
            allowClear
            prefix={<SearchOutlined />}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("members.search")}
            aria-label={t("members.search")}
            className={styles.panelSearch}
          />
        )}
        <ul className={styles.memberList}>
          {members.isLoading && <Spin className={styles.pickerSpin} />}
          {shown.map((member) => {
            const actions = memberActions(actor, me, member);
            const muted = member.no_speak_time * 1000 > now;
            return (
              <li
                key={member.user_id}
                className={styles.member}
                data-testid="member"
              >
                <UserCardButton
                  row
                  userId={member.user_id}
                  groupId={groupId}
                  name={member.userInfo.displayName}
                  avatar={member.userInfo.avatar}
                >
                  <Avatar src={member.userInfo.avatar || undefined} size={28}>
                    {member.userInfo.displayName.slice(0, 1)}
                  </Avatar>
                  <span
                    className={styles.memberName}
                    title={member.userInfo.displayName}
                  >
                    {member.userInfo.displayName}
                  </span>
                </UserCardButton>
                {member.userInfo.is_bot === 1 && <BotTag />}
                {roleTag(member.role)}
                {muted && (
                  <Tooltip
                    title={t("mute.until", {
                      time: new Date(
                        member.no_speak_time * 1000,
                      ).toLocaleString(),
                    })}
                  >
                    <Tag color="red">{t("mute.tag")}</Tag>
                  </Tooltip>
                )}
                {actions.length > 0 && (
                  <Dropdown
                    trigger={["click"]}
                    menu={{
                      items: actions.map((action) => ({
                        key: action,
                        label: t(`members.actions.${action}`),
                        danger: action === "remove",
                      })),
                      onClick: ({ key }) =>
                        onAction(key as MemberAction, member),
                    }}
                  >
                    <Button
                      type="text"
                      size="small"
                      icon={<MoreOutlined />}
                      aria-label={t("members.actionsFor", {
                        name: member.userInfo.displayName,
                      })}
                    />
                  </Dropdown>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <footer className={styles.panelFooter}>
        {!owns && (
          <Button
            block
            type="text"
            onClick={() =>
              useReportStore.getState().open({
                type: "group",
                id: groupId,
                name: contact.displayName,
              })
            }
          >
            {t("panel.report")}
          </Button>
        )}
        {owns && (
          <Button
            block
            onClick={() => setPicker({ mode: "transfer", groupId })}
          >
            {t("panel.transfer")}
          </Button>
        )}
        {can(actor, "group.clearMessages", { member: me }) && (
          <Button
            block
            onClick={() =>
              confirm(
                t("panel.clearTitle"),
                t("panel.clearBody"),
                t("panel.clear"),
                () => clearMessages.mutateAsync(groupId),
                t("panel.cleared"),
              )
            }
          >
            {t("panel.clear")}
          </Button>
        )}
        {owns ? (
          <Button
            block
            danger
            onClick={() =>
              confirm(
                t("panel.disbandTitle", { name: contact.displayName }),
                t("panel.disbandBody"),
                t("panel.disband"),
                () => disband.mutateAsync(groupId),
              )
            }
          >
            {t("panel.disband")}
          </Button>
        ) : (
          <Button
            block
            danger
            onClick={() =>
              confirm(
                t("panel.quitTitle", { name: contact.displayName }),
                t("panel.quitBody"),
                t("panel.quit"),
                () =>
                  removeMember.mutateAsync({ groupId, userId: actor.userId }),
              )
            }
          >
            {t("panel.quit")}
          </Button>
        )}
      </footer>
      {noticeOpen && (
        <NoticeDialog
          groupId={groupId}
          notice={notice}
          open
          onClose={() => setNoticeOpen(false)}
        />
      )}
      <MuteDialog
        groupId={groupId}
        member={muting}
        now={now}
        onClose={() => setMuting(null)}
      />
      <MemberPickerDialog
        target={picker}
        groupUserMax={Number(config?.chatInfo.groupUserMax ?? 0) || 0}
        memberCount={count}
        onClose={() => setPicker(null)}
      />
    </aside>
  );
}
