import type { ConsoleUser } from "@parley/protocol";
import type { UserRow } from "../../db/schema.js";
import { formatDateTime } from "../../lib/clock.js";
import { ipLocation } from "../../lib/ip-location.js";
import { avatarUrl, botMark } from "./accounts.mapper.js";

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
    ...botMark(row),
  };
}
