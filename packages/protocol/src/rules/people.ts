import type { MessageKey } from "../common/message-keys.js";
import { characterLength, checkRealname, isEmail } from "./account.js";

/** Limits of the profile form, friend requests and friend lists (SPEC §5, §9). */
export const PeopleLimits = {
  /**
   * After a login by code (a forgotten password), a new password needs no other proof for
   * this long.
   */
  passwordRecoveryMs: 15 * 60 * 1000,
  /** The profile form lets 20 be typed; the rule is 2–16 (SPEC §5 Settings). */
  nicknameInputMax: 20,
  emailMax: 120,
  mottoMax: 100,
  /** An application's message. */
  applicationRemarkMax: 100,
  /** The remark (alias) I give a friend: as long as a name may be. */
  friendNicknameMax: 16,
  /** What search answers at most. */
  searchMax: 20,
  /** Search keywords: at most this many characters. */
  keywordsMax: 32,
  /** Avatar uploads (SPEC §9): at most 5 MB, stored as 240×240. */
  avatarMaxBytes: 5 * 1024 * 1024,
  avatarSize: 240,
} as const;

/** Page sizes of the friend-request list (SPEC §9: those of the file library). */
export const FRIEND_PAGE_SIZES = [20, 50, 100, 200, 300, 400, 500] as const;

/** Sex (SPEC §3 User detail): 0 female, 1 male, 2 unknown. */
export const SEXES = [0, 1, 2] as const;

/** The fields of the profile form. */
export interface ProfileFields {
  realname: string;
  email: string;
  sex: number;
  motto: string;
}

/** The first problem of a profile as SPEC §5 Settings words it, by field; null when valid. */
export function profileProblem(
  profile: ProfileFields,
): { field: keyof ProfileFields; key: MessageKey } | null {
  const name = checkRealname(profile.realname);
  if (name) return { field: "realname", key: name };
  const email = profile.email.trim();
  if (
    email !== "" &&
    (characterLength(email) > PeopleLimits.emailMax || !isEmail(email))
  )
    return { field: "email", key: "profile.emailInvalid" };
  if (!(SEXES as readonly number[]).includes(profile.sex))
    return { field: "sex", key: "request.invalidField" };
  if (characterLength(profile.motto) > PeopleLimits.mottoMax)
    return { field: "motto", key: "profile.mottoLength" };
  return null;
}

/** The remark I give a friend: non-empty and as long as a name may be (SPEC §5 Friends). */
export function friendNicknameProblem(nickname: string): MessageKey | null {
  const trimmed = nickname.trim();
  if (trimmed === "") return "friend.nicknameRequired";
  return characterLength(trimmed) > PeopleLimits.friendNicknameMax
    ? "friend.nicknameLength"
    : null;
}

/** An application's message: required (SPEC §5 Friends: 'input valid'), at most 100. */
export function applicationRemarkProblem(remark: string): MessageKey | null {
  const trimmed = remark.trim();
  if (trimmed === "") return "friend.remarkRequired";
  return characterLength(trimmed) > PeopleLimits.applicationRemarkMax
    ? "friend.remarkLength"
    : null;
}

/**
 * An account as others see it (wire-contract.md §2.4 getUserInfo): the first three and
 * last two characters, stars between; short accounts keep only their first character.
 */
export function maskAccount(account: string): string {
  // oxlint-disable-next-line typescript/no-misused-spread -- by code point
  const chars = [...account];
  if (chars.length <= 5) return `${chars[0] ?? ""}****`;
  return `${chars.slice(0, 3).join("")}******${chars.slice(-2).join("")}`;
}
