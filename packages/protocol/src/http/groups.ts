import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { GroupIdSchema, positiveId } from "../common/ids.js";
import { ContactSchema } from "../entities/contact.js";
import {
  DirectoryGroupSchema,
  GroupInfoSchema,
  GroupSettingSchema,
  GroupMemberSchema,
  MemberUserSchema,
  PickerUserSchema,
} from "../entities/group.js";
import { GroupLimits } from "../rules/group.js";
import { defineCall } from "./define.js";

const userId = positiveId("request.invalidField");

const userIds = (max: number) =>
  z.array(userId).check(z.maxLength(max, { error: "group.tooManyAtOnce" }));

const groupName = z.pipe(
  formString(),
  z
    .string()
    .check(
      z.trim(),
      z.minLength(GroupLimits.nameMin, { error: "group.nameLength" }),
      z.maxLength(GroupLimits.nameMax, { error: "group.nameLength" }),
    ),
);

/** `enterprise/group/add`: a group of me and at least two others; answers its contact with role 1. */
export const add = defineCall({
  path: "/enterprise/group/add",
  auth: "session",
  request: z.object({
    name: groupName,
    user_ids: z._default(userIds(GroupLimits.createMax), []),
  }),
  response: ContactSchema,
});

/**
 * `enterprise/group/getAllUser`: who the member picker offers — everyone active (run mode
 * 1) or my friends (run mode 2), with `user_ids` marked disabled; with `group_id`, that
 * group's members but the owner (for a transfer).
 */
export const getAllUser = defineCall({
  path: "/enterprise/group/getAllUser",
  auth: "session",
  request: z.object({
    user_ids: optional(
      z.array(userId).check(z.maxLength(GroupLimits.createMax)),
    ),
    group_id: optional(GroupIdSchema),
  }),
  response: z.array(PickerUserSchema),
});

/** `enterprise/group/groupuserlist`: a group's members, owner first; `count` is the total. */
export const groupuserlist = defineCall({
  path: "/enterprise/group/groupuserlist",
  auth: "session",
  request: z.object({
    group_id: GroupIdSchema,
    page: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000)))),
    limit: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(1000)))),
  }),
  response: z.array(GroupMemberSchema),
});

/** `enterprise/group/groupInfo`: a group's card, for its members. */
export const groupInfo = defineCall({
  path: "/enterprise/group/groupInfo",
  auth: "session",
  request: z.object({ group_id: GroupIdSchema }),
  response: GroupInfoSchema,
});

/** `enterprise/group/editGroupName`: owner and administrators rename the group. */
export const editGroupName = defineCall({
  path: "/enterprise/group/editGroupName",
  auth: "session",
  request: z.object({ id: GroupIdSchema, displayName: groupName }),
  response: z.literal(""),
});

/** `enterprise/group/addGroupUser`: adds up to 20 people, by a manager or, when invite is on, a member. */
export const addGroupUser = defineCall({
  path: "/enterprise/group/addGroupUser",
  auth: "session",
  request: z.object({
    id: GroupIdSchema,
    user_ids: userIds(GroupLimits.addMax),
  }),
  response: z.literal(""),
});

/** `enterprise/group/removeUser`: a manager removes a member, or a member (`user_id` = me) leaves. */
export const removeUser = defineCall({
  path: "/enterprise/group/removeUser",
  auth: "session",
  request: z.object({ id: GroupIdSchema, user_id: userId }),
  response: z.literal(""),
});

/** `enterprise/group/setManager`: the owner makes a member an administrator (2) or not (3). */
export const setManager = defineCall({
  path: "/enterprise/group/setManager",
  auth: "session",
  request: z.object({
    id: GroupIdSchema,
    user_id: userId,
    role: z.pipe(
      formInt(),
      z.literal([2, 3], { error: "request.invalidField" }),
    ),
  }),
  response: z.literal(""),
});

/** `enterprise/group/changeOwner`: the owner hands the group to a member and becomes one. */
export const changeOwner = defineCall({
  path: "/enterprise/group/changeOwner",
  auth: "session",
  request: z.object({ id: GroupIdSchema, user_id: userId }),
  response: z.literal(""),
});

/** `enterprise/group/removeGroup`: the owner disbands the group. */
export const removeGroup = defineCall({
  path: "/enterprise/group/removeGroup",
  auth: "session",
  request: z.object({ id: GroupIdSchema }),
  response: z.literal(""),
});

/**
 * `enterprise/group/removeDisbanded` (ours, beyond the contract, issue 51): a former member
 * removes a disbanded group from their list; its history goes with the last of them. A
 * group that is live, or that the caller was not in, answers like a missing one.
 */
export const removeDisbanded = defineCall({
  path: "/enterprise/group/removeDisbanded",
  auth: "session",
  request: z.object({ id: GroupIdSchema }),
  response: z.literal(""),
});

const { shape } = GroupSettingSchema;

/** `enterprise/group/groupSetting`: the owner sets the four switches and the speak restriction. */
export const groupSetting = defineCall({
  path: "/enterprise/group/groupSetting",
  auth: "session",
  request: z.object({
    id: GroupIdSchema,
    // Each switch as GroupSettingSchema has it; a form sends them as text.
    setting: z.object({
      manage: optional(z.pipe(formString(), shape.manage)),
      invite: optional(z.pipe(formString(), shape.invite)),
      profile: optional(z.pipe(formString(), shape.profile)),
      history: optional(z.pipe(formString(), shape.history)),
      nospeak: optional(z.pipe(formString(), shape.nospeak)),
      // Issue 45: the owner or an administrator opens the group to the directory.
      public: optional(z.pipe(formString(), z.enum(["0", "1"]))),
    }),
  }),
  response: z.literal(""),
});

/**
 * `enterprise/group/setNoSpeak`: a manager mutes a member for a preset (`noSpeakTimer` 1–4:
 * 10 min, 1 h, 3 h, 1 day) or a custom `noSpeakDay` (timer 0; 0 lifts the mute).
 */
export const setNoSpeak = defineCall({
  path: "/enterprise/group/setNoSpeak",
  auth: "session",
  request: z.object({
    id: GroupIdSchema,
    user_id: userId,
    noSpeakTimer: z.pipe(
      formInt(),
      z.int().check(
        z.gte(0, { error: "group.muteInvalid" }),
        z.lte(4, {
          error: "group.muteInvalid",
        }),
      ),
    ),
    noSpeakDay: optional(
      z.pipe(
        z.transform((v) =>
          typeof v === "string" && /^\d{1,3}(\.\d{1,6})?$/.test(v.trim())
            ? Number(v.trim())
            : v,
        ),
        z.number({ error: "group.muteInvalid" }).check(
          z.gte(0, {
            error: "group.muteInvalid",
          }),
          z.lte(GroupLimits.muteDaysMax, { error: "group.muteInvalid" }),
        ),
      ),
    ),
  }),
  response: z.literal(""),
});

/**
 * `enterprise/group/setNotice`: the owner or an administrator publishes the notice; it is
 * also posted as a message mentioning everyone (wire-contract.md §2.5). Empty clears it.
 */
export const setNotice = defineCall({
  path: "/enterprise/group/setNotice",
  auth: "session",
  request: z.object({
    id: GroupIdSchema,
    notice: z.pipe(
      formString(),
      z.string().check(
        z.trim(),
        z.maxLength(GroupLimits.noticeMax, {
          error: "group.noticeTooLong",
        }),
      ),
    ),
  }),
  response: z.literal(""),
});

/** `enterprise/group/clearMessage`: the owner (or a system administrator) clears the records. */
export const clearMessage = defineCall({
  path: "/enterprise/group/clearMessage",
  auth: "session",
  request: z.object({ id: GroupIdSchema }),
  response: z.literal(""),
});

/**
 * `enterprise/group/joinGroup`: joins a group from its QR link. The signed `token` of the
 * link decides the group and the inviter; `group_id` and `inviteUid`, which existing mobile
 * clients send, must agree with it when present (without a token anyone could join any
 * group by its number). Answers the group as the new member's contact.
 */
export const joinGroup = defineCall({
  path: "/enterprise/group/joinGroup",
  auth: "session",
  request: z.object({
    token: z.pipe(
      formString(),
      z.string().check(
        z.minLength(1, { error: "group.qrInvalid" }),
        z.maxLength(1024, {
          error: "group.qrInvalid",
        }),
      ),
    ),
    group_id: optional(GroupIdSchema),
    inviteUid: optional(userId),
  }),
  response: ContactSchema,
});

/**
 * `enterprise/group/readers` (ours, beyond the contract): who has read a group message and
 * who has not yet, for its sender (and the owner and administrators of groups under 500).
 */
export const readers = defineCall({
  path: "/enterprise/group/readers",
  auth: "session",
  request: z.object({
    id: GroupIdSchema,
    msg_id: positiveId("message.notFound", 2 ** 53 - 1),
  }),
  response: z.object({
    read: z.array(MemberUserSchema),
    unread: z.array(MemberUserSchema),
  }),
});

/**
 * `enterprise/group/directory` (issue 45, Parley's own: docs/EXTENSIONS.md): the public
 * groups, found by name or pinyin, in pinyin order of their names, a page at a time; the envelope's
 * `count` says how many match. Nothing while the console turns public groups off.
 */
export const directory = defineCall({
  path: "/enterprise/group/directory",
  auth: "session",
  request: z.object({
    keywords: optional(
      z.pipe(formString(), z.string().check(z.trim(), z.maxLength(50))),
    ),
    page: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000)))),
    limit: optional(
      z.pipe(
        formInt(),
        z.int().check(z.gte(1), z.lte(GroupLimits.directoryPageMax)),
      ),
    ),
  }),
  response: z.array(DirectoryGroupSchema),
});

/**
 * `enterprise/group/join` (issue 45): joins a public group as an invitation would (its
 * member limit, its history setting, the line in its chat). A group that is not public is
 * refused as one that does not exist. Answers the group as the new member's contact.
 */
export const join = defineCall({
  path: "/enterprise/group/join",
  auth: "session",
  request: z.object({ id: GroupIdSchema }),
  response: ContactSchema,
});

/** `enterprise/group/setDescription` (issue 45): the owner or an administrator says what the group is for. */
export const setDescription = defineCall({
  path: "/enterprise/group/setDescription",
  auth: "session",
  request: z.object({
    id: GroupIdSchema,
    description: z.pipe(
      formString(),
      z.string().check(
        z.trim(),
        z.maxLength(GroupLimits.descriptionMax, {
          error: "group.descriptionTooLong",
        }),
      ),
    ),
  }),
  response: z.literal(""),
});
