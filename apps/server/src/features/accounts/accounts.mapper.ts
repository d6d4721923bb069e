import {
  type Contact,
  DEFAULT_USER_SETTING,
  type MessageSender,
  type UserInfo,
  type UserSetting,
} from "@parley/protocol";
import type { UserRow } from "../../db/schema.js";
import { parseJsonObject } from "../../lib/json.js";

const DEFAULT_AVATAR = "/static/img/avatar.png";

function toBool(value: unknown, fallback: boolean): boolean {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "1" || value === 1) return true;
  if (value === "false" || value === "0" || value === 0) return false;
  return fallback;
}

/** The stored settings object with the four flags as booleans and sendKey as an int (wire-contract.md §2.9). */
export function toUserSetting(raw: string): UserSetting {
  const stored = parseJsonObject(raw);
  const sendKey = Number(stored.sendKey);
  return {
    sendKey: sendKey === 2 ? 2 : 1,
    theme:
      typeof stored.theme === "string" && stored.theme
        ? stored.theme
        : DEFAULT_USER_SETTING.theme,
    isVoice: toBool(stored.isVoice, DEFAULT_USER_SETTING.isVoice),
    avatarCricle: toBool(
      stored.avatarCricle,
      DEFAULT_USER_SETTING.avatarCricle,
    ),
    hideMessageName: toBool(
      stored.hideMessageName,
      DEFAULT_USER_SETTING.hideMessageName,
    ),
    hideMessageTime: toBool(
      stored.hideMessageTime,
      DEFAULT_USER_SETTING.hideMessageTime,
    ),
    formatMessages: toBool(
      stored.formatMessages,
      DEFAULT_USER_SETTING.formatMessages,
    ),
  };
}

/** An avatar address for the wire: the stored one, or the default picture. */
export function avatarUrl(avatar: string, publicUrl: string): string {
  if (/^https?:\/\//.test(avatar)) return avatar;
  return `${publicUrl}${avatar || DEFAULT_AVATAR}`;
}

/** What a message needs of its sender. */
export type SenderRow = Pick<
  UserRow,
  "user_id" | "realname" | "account" | "avatar" | "name_py"
>;

/** A user as the sender of a message (or of a call, a notice); a bot says so. */
export function toSender(
  user: SenderRow & { is_bot?: number },
  publicUrl: string,
): MessageSender {
  return {
    id: user.user_id,
    user_id: user.user_id,
    realname: user.realname,
    displayName: user.realname,
    account: user.account,
    avatar: avatarUrl(user.avatar, publicUrl),
    name_py: user.name_py,
    ...botMark(user),
  };
}

/** `is_bot: 1` for a bot (extensions.md §9), nothing for a person: older clients see no change. */
export function botMark(user: { is_bot?: number }): { is_bot?: 1 } {
  return user.is_bot === 1 ? { is_bot: 1 } : {};
}

/** The one place a user row becomes the signed-in user's UserInfo; no secret leaves. */
export function toUserInfo(row: UserRow, publicUrl: string): UserInfo {
  return {
    user_id: row.user_id,
    id: row.user_id,
    account: row.account,
    realname: row.realname,
    displayName: row.realname,
    avatar: avatarUrl(row.avatar, publicUrl),
    email: row.email,
    sex: row.sex,
    role: row.role,
    motto: row.motto,
    name_py: row.name_py,
    setting: toUserSetting(row.setting),
    is_auth: row.is_auth,
    status: row.status,
    lang: row.lang,
    ...botMark(row),
  };
}

/** The letter group of a name: its pinyin initial, or # (wire-contract.md §2.9). */
export function indexLetter(namePy: string): string {
  const first = namePy.charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : "#";
}

/** What a user's row in someone's contact list shows of their chat with them. */
export interface UserAsContactParts {
  /** The name the viewer gave them; their own name when none. */
  nickname?: string;
  lastContent: string;
  lastSendTime: number;
  /** The last message's type; left out when the chat has none. */
  type?: string;
  /** The last line's event, when it is one (a group's or a friendship's). */
  lastEvent?: Record<string, unknown>;
  draft?: string;
  unread: number;
  is_top: number;
  is_notice: number;
  is_at: number;
  online: boolean;
  publicUrl: string;
}

/**
 * A user as a contact of someone (wire-contract.md §2.9 Contact): the one shape of the
 * contact list's user rows and of a sent message's `contactInfo`. Nobody's email or last
 * address travels in it (issue 9): the card shows them where SPEC's rules allow.
 */
export function userAsContact(
  user: Pick<
    UserRow,
    "user_id" | "realname" | "avatar" | "name_py" | "account"
  > & { is_bot?: number },
  parts: UserAsContactParts,
): Contact {
  const contact: Contact = {
    id: user.user_id,
    displayName: parts.nickname || user.realname,
    avatar: avatarUrl(user.avatar, parts.publicUrl),
    name_py: user.name_py,
    index: indexLetter(user.name_py),
    is_group: 0,
    lastContent: parts.lastContent,
    lastSendTime: parts.lastSendTime,
    unread: parts.unread,
    is_top: parts.is_top,
    is_notice: parts.is_notice,
    is_at: parts.is_at,
    is_online: parts.online ? 1 : 0,
    setting: [],
    user_id: user.user_id,
    realname: user.realname,
    account: user.account,
    email: "",
    last_login_ip: "",
    location: "",
    ...botMark(user),
  };
  if (parts.type) contact.type = parts.type;
  if (parts.lastEvent) contact.lastEvent = parts.lastEvent;
  if (parts.draft) contact.draft = parts.draft;
  return contact;
}
