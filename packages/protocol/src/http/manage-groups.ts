import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { GroupIdSchema, positiveId } from "../common/ids.js";
import { GroupSettingSchema } from "../entities/group.js";
import { defineCall } from "./define.js";
import { consoleLimit, consolePage } from "./manage-users.js";

/*
 * The console's groups (wire-contract.md §2.8 `manage/Group/*`, issue 12): a system
 * administrator acts on any group with its owner's powers; each change reaches the members
 * with the same events and chat lines as when the owner makes it (the old server pushed
 * nothing for some of them).
 */

const page = consolePage;
const limit = consoleLimit;
const userId = positiveId("group.memberNotFound");

/** A group as the console lists it. */
export const ConsoleGroupSchema = z.object({
  group_id: z.int(),
  /** `group-N`, as the chat knows it. */
  id: z.string(),
  name: z.string(),
  name_py: z.string(),
  avatar: z.string(),
  owner_id: z.int(),
  owner_id_info: z.object({
    user_id: z.int(),
    realname: z.string(),
    account: z.string(),
    avatar: z.string(),
  }),
  notice: z.string(),
  setting: GroupSettingSchema,
  members: z.int(),
  create_time: z.string(),
  created_at: z.number(),
});
/** A group as the console lists it. */
export type ConsoleGroup = z.infer<typeof ConsoleGroupSchema>;

/** What the console's group list sorts by. */
export const GROUP_ORDER_FIELDS = ["group_id", "create_time", "name"] as const;

/** `manage/Group/index`: groups by name or pinyin, sorted, by page; `count` is the total. */
export const groupIndex = defineCall({
  path: "/manage/Group/index",
  auth: "admin",
  request: z.object({
    page,
    limit,
    keywords: z._default(
      z.pipe(
        formString(),
        z
          .string()
          .check(z.trim(), z.maxLength(64, { error: "request.invalidField" })),
      ),
      "",
    ),
    order_field: optional(
      z.pipe(
        formString(),
        z.enum(GROUP_ORDER_FIELDS, { error: "request.invalidField" }),
      ),
    ),
    order_type: optional(
      z.pipe(formInt(), z.literal([1, 2], { error: "request.invalidField" })),
    ),
  }),
  response: z.array(ConsoleGroupSchema),
});

/** A member as the console lists them. */
export const ConsoleMemberSchema = z.object({
  user_id: z.int(),
  realname: z.string(),
  account: z.string(),
  avatar: z.string(),
  /** 1 owner, 2 administrator, 3 member. */
  role: z.int(),
  /** ms; 0 when not muted. */
  muted_until: z.number(),
  /** ms */
  joined_at: z.number(),
});
/** A member as the console lists them. */
export type ConsoleMember = z.infer<typeof ConsoleMemberSchema>;

/**
 * `manage/Group/userList` (beyond the wire contract: the console must see whom it acts
 * on): a group's members, owner first, then administrators, then by joining; by page.
 */
export const groupMembers = defineCall({
  path: "/manage/Group/userList",
  auth: "admin",
  request: z.object({ group_id: GroupIdSchema, page, limit }),
  response: z.array(ConsoleMemberSchema),
});

/** `manage/Group/addGroupUser`: puts active users in a group (groupUserMax holds). */
export const groupAddMembers = defineCall({
  path: "/manage/Group/addGroupUser",
  auth: "admin",
  request: z.object({
    group_id: GroupIdSchema,
    user_ids: z
      .array(positiveId("group.userNotFound"))
      .check(
        z.minLength(1, { error: "group.selectToAdd" }),
        z.maxLength(500, { error: "request.invalidField" }),
      ),
  }),
  response: z.literal(""),
});

/** `manage/Group/delGroupUser`: removes a member (not the owner: transfer first). */
export const groupRemoveMember = defineCall({
  path: "/manage/Group/delGroupUser",
  auth: "admin",
  request: z.object({ group_id: GroupIdSchema, user_id: userId }),
  response: z.literal(""),
});

/** `manage/Group/changeOwner`: hands the group to a member; the former owner becomes a member. */
export const groupChangeOwner = defineCall({
  path: "/manage/Group/changeOwner",
  auth: "admin",
  request: z.object({ group_id: GroupIdSchema, user_id: userId }),
  response: z.literal(""),
});

/** `manage/Group/setManager`: makes a member an administrator (2) or a member again (3). */
export const groupSetManager = defineCall({
  path: "/manage/Group/setManager",
  auth: "admin",
  request: z.object({
    group_id: GroupIdSchema,
    user_id: userId,
    role: z.pipe(
      formInt(),
      z.literal([2, 3], { error: "request.invalidField" }),
    ),
  }),
  response: z.literal(""),
});

/** `manage/Group/del`: disbands a group; its members, messages and freed files go. */
export const groupDel = defineCall({
  path: "/manage/Group/del",
  auth: "admin",
  request: z.object({ group_id: GroupIdSchema }),
  response: z.literal(""),
});
