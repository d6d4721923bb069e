import { z } from "zod/mini";

/** A chat contact as getContacts lists it (wire-contract.md §2.9 Contact), for a user. */
export const ContactSchema = z.object({
  /** The user id, or `group-N` for a group. */
  id: z.union([z.int(), z.string()]),
  displayName: z.string(),
  avatar: z.string(),
  name_py: z.string(),
  index: z.string(),
  /** 0 user, 1 group, 2 system entry, 3 favourites. */
  is_group: z.int(),
  lastContent: z.string(),
  /** Time of the last message in ms; users with no messages get "now". */
  lastSendTime: z.number(),
  /** Type of the last message, when there is one. */
  type: z.optional(z.string()),
  unread: z.int(),
  is_top: z.int(),
  /** 1 notify, 0 muted. */
  is_notice: z.int(),
  is_at: z.int(),
  is_online: z.int(),
  setting: z.union([z.record(z.string(), z.unknown()), z.array(z.never())]),
  user_id: z.optional(z.int()),
  realname: z.optional(z.string()),
  account: z.optional(z.string()),
  email: z.optional(z.string()),
  last_login_ip: z.optional(z.string()),
  location: z.optional(z.string()),
  /** 1 for a bot account (extensions.md §9, issue 48); absent for people and from older servers. */
  is_bot: z.optional(z.literal(1)),
  /** Groups only: the group's number, its owner, my role (1 owner, 2 admin, 3 member), its notice. */
  group_id: z.optional(z.int()),
  owner_id: z.optional(z.int()),
  role: z.optional(z.int()),
  notice: z.optional(z.string()),
  /** When the last message is a server-written line (`type` "event"): its `extends`, to translate it. */
  lastEvent: z.optional(z.record(z.string(), z.unknown())),
  /** What I left typed in this chat, on any of my devices (issue 11, beyond the contract). */
  draft: z.optional(z.string()),
  /**
   * Groups only: 1 when the owner disbanded the group (issue 51, beyond the contract). Its
   * history stays readable to its former members, read only, until each removes it
   * (`enterprise/group/removeDisbanded`); absent for a live group.
   */
  disbanded: z.optional(z.int()),
});
/** A chat contact. */
export type Contact = z.infer<typeof ContactSchema>;
