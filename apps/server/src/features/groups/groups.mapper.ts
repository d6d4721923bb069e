import { withdrawnText } from "../messages/messages.mapper.js";
import {
  type Contact,
  DEFAULT_GROUP_SETTING,
  type DirectoryGroup,
  type GroupMember,
  type PickerUser,
  type GroupSetting,
  GroupSettingSchema,
  groupContactId,
} from "@parley/protocol";
import { formatDateTime } from "../../lib/clock.js";
import { parseJsonObject } from "../../lib/json.js";
import { avatarUrl, botMark } from "../accounts/accounts.mapper.js";
import type { GroupRow } from "./groups.repository.js";
import type { MemberRow, UserGroupRow } from "./membership.repository.js";
import type { PublicGroupRow } from "./directory.repository.js";

/** A stored setting, each switch falling back to its default when missing or damaged. */
export function toGroupSetting(raw: string): GroupSetting {
  const stored = parseJsonObject(raw);
  const merged: GroupSetting = { ...DEFAULT_GROUP_SETTING };
  for (const key of Object.keys(merged) as (keyof GroupSetting)[]) {
    const value = stored[key];
    const text = typeof value === "number" ? String(value) : value;
    const parsed = GroupSettingSchema.shape[key].safeParse(text);
    if (parsed.success) Object.assign(merged, { [key]: parsed.data });
  }
  return merged;
}

/** A group as a contact of one member (wire-contract.md §2.9 Contact, group fields). */
export function toGroupContact(
  group: Pick<
    GroupRow,
    | "group_id"
    | "name"
    | "name_py"
    | "avatar"
    | "owner_id"
    | "notice"
    | "setting"
  >,
  view: {
    role: number;
    unread: number;
    is_top: number;
    is_notice: number;
    is_at: number;
    lastSendTime: number;
    lastContent: string;
    lastType?: string | null | undefined;
    /** The last message's `extends`, when it is a server-written line. */
    lastEvent?: Record<string, unknown> | undefined;
  },
  publicUrl: string,
): Contact {
  const id = groupContactId(group.group_id);
  const contact: Contact = {
    id,
    displayName: group.name,
    avatar: avatarUrl(group.avatar, publicUrl),
    name_py: group.name_py,
    index: "[2]群聊",
    is_group: 1,
    lastContent: view.lastContent,
    lastSendTime: view.lastSendTime,
    unread: Math.max(0, view.unread),
    is_top: view.is_top,
    is_notice: view.is_notice,
    is_at: view.is_at,
    is_online: 1,
    setting: toGroupSetting(group.setting),
    group_id: group.group_id,
    account: id,
    owner_id: group.owner_id,
    role: view.role,
    notice: group.notice,
    realname: `${group.name} [群聊]`,
  };
  if (view.lastType) contact.type = view.lastType;
  // Events, and a notice's line (a text for existing clients): a client that knows the
  // line shows it in its reader's language.
  if (
    view.lastEvent &&
    (view.lastType === "event" || view.lastEvent.event === "notice")
  )
    contact.lastEvent = view.lastEvent;
  return contact;
}

/** A user's group from the contact-list query. */
export function userGroupToContact(
  row: UserGroupRow,
  now: number,
  publicUrl: string,
  viewer: number,
): Contact {
  const lastEvent =
    row.last_extends === null ? undefined : parseJsonObject(row.last_extends);
  const contact = toGroupContact(
    row,
    {
      role: row.role,
      unread: row.unread,
      is_top: row.is_top,
      is_notice: row.is_notice,
      is_at: row.is_at,
      lastSendTime: row.last_send_time ?? now,
      lastContent:
        row.last_is_undo === 1 && lastEvent
          ? withdrawnText(lastEvent, viewer, true)
          : (row.last_content ?? ""),
      lastType: row.last_type,
      lastEvent,
    },
    publicUrl,
  );
  if (row.draft) contact.draft = row.draft;
  // A disbanded group stays with its former members until they remove it (issue 51).
  if (row.status !== 1) contact.disbanded = 1;
  return contact;
}

/** A user the member picker offers (`getAllUser`). */
export function toPickerUser(
  user: {
    user_id: number;
    realname: string;
    account: string;
    avatar: string;
    name_py: string;
  },
  disabled: boolean,
  publicUrl: string,
): PickerUser {
  return {
    user_id: user.user_id,
    realname: user.realname,
    displayName: user.realname,
    account: user.account,
    avatar: avatarUrl(user.avatar, publicUrl),
    name_py: user.name_py,
    // The picker sends nobody's email or last address (issue 9): the card shows them
    // where SPEC's rules allow.
    email: "",
    last_login_ip: "",
    disabled,
  };
}

/** One member row (wire-contract.md §2.9 GroupMember). */
export function toGroupMember(row: MemberRow, publicUrl: string): GroupMember {
  return {
    id: row.user_id,
    group_id: row.group_id,
    user_id: row.user_id,
    role: row.role,
    invite_id: row.invited_by ?? 0,
    create_time: formatDateTime(row.joined_at),
    unread: 0,
    is_notice: row.is_notice ?? 1,
    is_top: row.is_top ?? 0,
    no_speak_time:
      row.muted_until === null ? 0 : Math.floor(row.muted_until / 1000),
    status: 1,
    userInfo: {
      id: row.user_id,
      displayName: row.realname,
      account: row.account,
      name_py: row.name_py,
      avatar: avatarUrl(row.avatar, publicUrl),
      ...botMark(row),
    },
  };
}

/** A listed group (the directory, the global search) on the wire. */
export function toDirectoryGroup(
  row: PublicGroupRow,
  publicUrl: string,
): DirectoryGroup {
  return {
    id: groupContactId(row.group_id),
    group_id: row.group_id,
    name: row.name,
    name_py: row.name_py,
    avatar: avatarUrl(row.avatar, publicUrl),
    description: row.description,
    notice: row.notice,
    groupUserCount: row.members,
    isJoin: row.role ?? 0,
  };
}
