import {
  CrownOutlined,
  SafetyCertificateOutlined,
  UserDeleteOutlined,
} from "@ant-design/icons";
import type { ConsoleGroup, ConsoleMember } from "@parley/protocol";
import { Button, Popconfirm, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatFullTime } from "../../../../lib/time";
import {
  useChangeOwnerMutation,
  useRemoveMemberMutation,
  useSetManagerMutation,
} from "../../chats.queries";
import { AvatarName } from "./AvatarName";
import styles from "./groups.module.css";

/** A member's role in a group (SPEC §3): 1 owner, 2 administrator, 3 member. */
const ROLE_TAGS: Record<number, { key: string; color?: string }> = {
  1: { key: "members.role.owner", color: "gold" },
  2: { key: "members.role.admin", color: "blue" },
  3: { key: "members.role.member" },
};

interface Props {
  group: ConsoleGroup;
  member: ConsoleMember;
  now: number;
  locale: string;
  /** Demo mode (or no right to change): the actions show, but cannot be pressed. */
  disabled: boolean;
}

/**
 * One member: who, their role, whether they are muted; and what the console may do to
 * them — never to the owner, who is replaced by a transfer rather than removed.
 */
export function MemberRow({ group, member, now, locale, disabled }: Props) {
  const { t } = useTranslation("consoleChats");
  const remove = useRemoveMemberMutation();
  const transfer = useChangeOwnerMutation();
  const setManager = useSetManagerMutation();
  const name = member.realname;
  const role = ROLE_TAGS[member.role] ?? ROLE_TAGS[3];
  const owner = member.role === 1;
  const admin = member.role === 2;
  const change = { group, member };
  const adminLabel = t(admin ? "members.unmakeAdmin" : "members.makeAdmin", {
    name,
  });

  return (
    <li className={styles.gMember} data-testid="group-member">
      <AvatarName
        avatar={member.avatar}
        name={name}
        secondary={member.account}
      />
      <span className={styles.gTags}>
        {role && <Tag color={role.color}>{t(role.key)}</Tag>}
        {member.muted_until > now && (
          <Tag color="orange">
            {t("members.mutedUntil", {
              time: formatFullTime(member.muted_until, locale),
            })}
          </Tag>
        )}
      </span>
      {!owner && (
        <span className={styles.gMemberActions}>
          <Button
            size="small"
            icon={<SafetyCertificateOutlined />}
            disabled={disabled}
            loading={setManager.isPending}
            title={adminLabel}
            aria-label={adminLabel}
            onClick={() =>
              setManager.mutate({ ...change, role: admin ? 3 : 2 })
            }
          />
          <Popconfirm
            title={t("members.transfer.title", { name, group: group.name })}
            description={t("members.transfer.text", {
              owner: group.owner_id_info.realname,
            })}
            okText={t("members.transfer.ok")}
            cancelText={t("cancel")}
            disabled={disabled}
            onConfirm={() => transfer.mutate(change)}
          >
            <Button
              size="small"
              icon={<CrownOutlined />}
              disabled={disabled}
              loading={transfer.isPending}
              title={t("members.transfer.label", { name })}
              aria-label={t("members.transfer.label", { name })}
            />
          </Popconfirm>
          <Popconfirm
            title={t("members.remove.title", { name, group: group.name })}
            description={t("members.remove.text")}
            okText={t("members.remove.ok")}
            cancelText={t("cancel")}
            okButtonProps={{ danger: true }}
            disabled={disabled}
            onConfirm={() => remove.mutate(change)}
          >
            <Button
              size="small"
              danger
              icon={<UserDeleteOutlined />}
              disabled={disabled}
              loading={remove.isPending}
              title={t("members.remove.label", { name })}
              aria-label={t("members.remove.label", { name })}
            />
          </Popconfirm>
        </span>
      )}
    </li>
  );
}
