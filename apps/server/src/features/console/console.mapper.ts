import {
  type ConsoleGroup,
  type ConsoleMember,
  type ConsoleUser,
  groupContactId,
} from "@parley/protocol";
import type { UserRow } from "../../db/schema.js";
import { formatDateTime } from "../../lib/clock.js";
import { ipLocation } from "../../lib/ip-location.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import { toGroupSetting } from "../groups/groups.mapper.js";
import type { ConsoleGroupRow } from "./console.repository.js";

const NEVER = "--";

/** Where an address is, or "--" (wire-contract.md §2.8). */
function place(ip: string): string {
  return (ip && ipLocation(ip)) || NEVER;
}

/** The one place a user row becomes the console's user: no password hash leaves. */
export function toConsoleUser(row: UserRow, publicUrl: string): ConsoleUser {
  return {
    user_id: row.user_id,
    id: row.user_id,
    account: row.account,
    realname: row.realname,
    name_py: row.name_py,
    email: row.email,
    avatar: avatarUrl(row.avatar, publicUrl),
    sex: row.sex,
    motto: row.motto,
    remark: row.remark,
    role: row.role,
    status: row.status,
    is_auth: row.is_auth,
    friend_limit: row.friend_limit,
    group_limit: row.group_limit,
    cs_uid: row.cs_uid,
    login_count: row.login_count,
    last_login_ip: row.last_login_ip,
    location: place(row.last_login_ip),
    register_ip: row.register_ip,
    reg_location: place(row.register_ip),
    last_login_time:
      row.last_login_at === null ? NEVER : formatDateTime(row.last_login_at),
    create_time: formatDateTime(row.created_at),
    update_time: formatDateTime(row.updated_at),
    created_at: row.created_at,
    last_login_at: row.last_login_at,
  };
}

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
