import { z } from "zod/mini";

/** A user's interface preferences (wire-contract.md §2.9 UserInfo.setting). */
export const UserSettingSchema = z.object({
  /** 1: Enter sends, Ctrl+Enter breaks the line; 2: the reverse (decisions.md). */
  sendKey: z.int(),
  theme: z.string(),
  isVoice: z.boolean(),
  avatarCricle: z.boolean(),
  hideMessageName: z.boolean(),
  hideMessageTime: z.boolean(),
  /**
   * Parley's web client draws Markdown in text messages (extensions.md §4); a server or
   * client without it reads as on.
   */
  formatMessages: z._default(z.boolean(), true),
});
/** A user's interface preferences. */
export type UserSetting = z.infer<typeof UserSettingSchema>;

/** The settings a new account starts with. */
export const DEFAULT_USER_SETTING: UserSetting = {
  sendKey: 1,
  theme: "default",
  isVoice: true,
  avatarCricle: false,
  hideMessageName: false,
  hideMessageTime: false,
  formatMessages: true,
};

/**
 * The signed-in user as login and register return it (wire-contract.md §2.9 UserInfo):
 * never a password hash or anything derived from it.
 */
export const UserInfoSchema = z.object({
  user_id: z.int(),
  id: z.int(),
  account: z.string(),
  realname: z.string(),
  displayName: z.string(),
  avatar: z.string(),
  email: z.string(),
  sex: z.int(),
  role: z.int(),
  motto: z.string(),
  name_py: z.string(),
  setting: UserSettingSchema,
  is_auth: z.int(),
  status: z.int(),
  /** The user's interface language, or null when they never chose one. */
  lang: z.nullable(z.string()),
  /** Of oneself: 1 when two-factor is on (extensions.md §7); absent from older servers. */
  totp: z.optional(z.int()),
  /** 1 for a bot account (extensions.md §9, issue 48); absent for people and from older servers. */
  is_bot: z.optional(z.literal(1)),
});
/** The signed-in user. */
export type UserInfo = z.infer<typeof UserInfoSchema>;
