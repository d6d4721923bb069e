import {
  type ConsoleGroup,
  type ConsoleMember,
  groupContactId,
} from "@parley/protocol";
import { formatDateTime } from "../../lib/clock.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import { toGroupSetting } from "../groups/groups.mapper.js";
import type { ConsoleGroupRow } from "./console.repository.js";

/** A group row of the console's list as the wire carries it. */
export function toConsoleGroup(
  row: ConsoleGroupRow,
  publicUrl: string,
): ConsoleGroup {
  return {
    group_id: row.group_id,
    id: groupContactId(row.group_id),
    name: row.name,
    name_py: row.name_py,
    avatar: avatarUrl(row.avatar, publicUrl),
    owner_id: row.owner_id,
    owner_id_info: {
      user_id: row.owner_id,
      realname: row.owner_realname,
      account: row.owner_account,
      avatar: avatarUrl(row.owner_avatar, publicUrl),
    },
    notice: row.notice,
    setting: toGroupSetting(row.setting),
    members: Number(row.members ?? 0),
    create_time: formatDateTime(row.created_at),
    created_at: row.created_at,
  };
}

/** A member as the console lists them. */
export function toConsoleMember(
  row: {
    user_id: number;
    realname: string;
    account: string;
    avatar: string;
    role: number;
    muted_until: number | null;
    joined_at: number;
  },
  publicUrl: string,
): ConsoleMember {
  return {
    user_id: row.user_id,
    realname: row.realname,
    account: row.account,
    avatar: avatarUrl(row.avatar, publicUrl),
    role: row.role,
    muted_until: row.muted_until ?? 0,
    joined_at: row.joined_at,
  };
}

/** A group's picture address. */
export function toConsoleGroupAvatar(
  avatar: string,
  publicUrl: string,
): string {
  return avatarUrl(avatar, publicUrl);
}
