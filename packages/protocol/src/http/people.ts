import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { ContactIdSchema, GroupIdSchema, positiveId } from "../common/ids.js";
import { ContactSchema } from "../entities/contact.js";
import {
  FoundUserSchema,
  ListedUserSchema,
  UserDetailSchema,
} from "../entities/person.js";
import { Limits } from "../rules/limits.js";
import { PeopleLimits } from "../rules/people.js";
import { defineCall } from "./define.js";

const text = (max: number) =>
  z.pipe(
    formString(),
    z.string().check(z.maxLength(max, { error: "request.invalidField" })),
  );

const keywords = z.pipe(
  formString(),
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(PeopleLimits.keywordsMax, { error: "people.keywordsLength" }),
    ),
);

/**
 * `enterprise/im/searchUser`: active people other than me whose account is the keywords,
 * or whose name or pinyin contains them; at most 20, never a disabled user.
 */
export const searchUser = defineCall({
  path: "/enterprise/im/searchUser",
  auth: "session",
  request: z.object({ keywords: z._default(keywords, "") }),
  response: z.array(FoundUserSchema),
});

/**
 * `enterprise/im/getUserInfo`: the user card. With `group_id` (opened from a group's member
 * list), a group whose profile setting hides members answers "Privacy enabled" to an
 * ordinary member.
 */
export const getUserInfo = defineCall({
  path: "/enterprise/im/getUserInfo",
  auth: "session",
  request: z.object({
    user_id: positiveId("contact.notFound"),
    group_id: optional(GroupIdSchema),
  }),
  response: UserDetailSchema,
});

/** `enterprise/im/userList`: a page of active users, or those matching the keywords. */
export const userList = defineCall({
  path: "/enterprise/im/userList",
  auth: "session",
  request: z.object({
    page: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000)))),
    limit: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100)))),
    keywords: optional(keywords),
  }),
  response: z.array(ListedUserSchema),
});

/** `enterprise/im/getContactInfo`: one contact of my list (a user id or `group-N`). */
export const getContactInfo = defineCall({
  path: "/enterprise/im/getContactInfo",
  auth: "session",
  request: z.object({ id: ContactIdSchema }),
  response: ContactSchema,
});

/** `enterprise/im/updateUserInfo`: my profile (SPEC §5 Settings); answers what was stored. */
export const updateUserInfo = defineCall({
  path: "/enterprise/im/updateUserInfo",
  auth: "session",
  request: z.object({
    realname: z._default(text(255), ""),
    email: z._default(text(255), ""),
    sex: z._default(z.pipe(formInt(), z.int()), 2),
    motto: z._default(text(Limits.fieldMax), ""),
  }),
  response: z.object({
    realname: z.string(),
    email: z.string(),
    sex: z.int(),
    motto: z.string(),
    name_py: z.string(),
  }),
});

/**
 * `enterprise/im/editpassword`: a new password of 6–16 characters, proved by a session
 * opened with a login code in the last 15 minutes (forgot password), or by the old one, or
 * by a change-password code (type 3) sent to my account; a user whose account is verified
 * (`is_auth`) needs the code unless they just signed in with one. Every other session of
 * mine ends.
 */
export const editpassword = defineCall({
  path: "/enterprise/im/editpassword",
  auth: "session",
  request: z.object({
    password: z._default(text(255), ""),
    originalPassword: z._default(text(255), ""),
    code: z._default(text(32), ""),
  }),
  response: z.literal(""),
});

/**
 * `enterprise/im/editAccount`: a new account proved by a change-account code (type 4) sent
 * to it (`newCode`), and, when my account is verified, by a type-4 code sent to the old one
 * (`code`). Every session of mine ends; the client logs out.
 */
export const editAccount = defineCall({
  path: "/enterprise/im/editAccount",
  auth: "session",
  request: z.object({
    account: z._default(text(255), ""),
    code: z._default(text(32), ""),
    newCode: z._default(text(32), ""),
  }),
  response: z.literal(""),
});

/**
 * `common/upload/uploadAvatar` (multipart `file`, `type=1`): a JPEG, PNG or GIF by its
 * bytes, at most 5 MB, stored as 240×240; answers the new avatar's URL.
 */
export const uploadAvatar = defineCall({
  path: "/common/upload/uploadAvatar",
  auth: "session",
  upload: { field: "file" },
  request: z.object({ type: optional(text(8)) }),
  response: z.string(),
});
