import { z } from "zod";

/** A chat contact as getContacts lists it (wire-contract.md §2.9 Contact), for a user. */
export const ContactSchema = z.object({
  /** The user id, or `group-N` for a group. */
  id: z.union([z.number().int(), z.string()]),
  displayName: z.string(),
  avatar: z.string(),
  name_py: z.string(),
  index: z.string(),
  /** 0 user, 1 group, 2 system entry, 3 favourites. */
  is_group: z.number().int(),
  lastContent: z.string(),
  /** Time of the last message in ms; users with no messages get "now". */
  lastSendTime: z.number(),
  /** Type of the last message, when there is one. */
  type: z.string().optional(),
  unread: z.number().int(),
  is_top: z.number().int(),
  /** 1 notify, 0 muted. */
  is_notice: z.number().int(),
  is_at: z.number().int(),
  is_online: z.number().int(),
  setting: z.union([z.record(z.string(), z.unknown()), z.array(z.never())]),
  user_id: z.number().int().optional(),
  realname: z.string().optional(),
  account: z.string().optional(),
  email: z.string().optional(),
  last_login_ip: z.string().optional(),
  location: z.string().optional(),
  /** Groups only: the group's number, its owner, my role (1 owner, 2 admin, 3 member), its notice. */
  group_id: z.number().int().optional(),
  owner_id: z.number().int().optional(),
  role: z.number().int().optional(),
  notice: z.string().optional(),
  /** When the last message is a server-written line (`type` "event"): its `extends`, to translate it. */
  lastEvent: z.record(z.string(), z.unknown()).optional(),
  /** What I left typed in this chat, on any of my devices (issue 11, beyond the contract). */
  draft: z.string().optional(),
});
/** A chat contact. */
export type Contact = z.infer<typeof ContactSchema>;
