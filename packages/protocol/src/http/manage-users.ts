import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { defineCall } from "./define.js";

/*
 * The console's users (wire-contract.md §2.8 `manage/User/*`, issue 12). Every call is for
 * administrators; a user's password hash (and the old server's salt) never leaves the
 * server (wire-contract §7 hole 4). Who may change whom is `console.manageUser` of the
 * capability table.
 */

/** The page sizes of the console's tables. */
export const CONSOLE_PAGE_SIZES = [10, 20, 50, 100] as const;

/** A console table's page number (1 when not sent). */
export const consolePage = z._default(
  z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000))),
  1,
);
/** A console table's page size: one of CONSOLE_PAGE_SIZES (20 when not sent). */
export const consoleLimit = z._default(
  z.pipe(
    formInt(),
    z.literal(CONSOLE_PAGE_SIZES, { error: "request.invalidField" }),
  ),
  20,
);
const page = consolePage;
const limit = consoleLimit;
const userId = positiveId("console.userNotFound");
const text = (max: number) =>
  z.pipe(
    formString(),
    z
      .string()
      .check(z.trim(), z.maxLength(max, { error: "request.invalidField" })),
  );
const limitCount = z.pipe(
  formInt(),
  z.int().check(z.gte(0), z.lte(100_000, { error: "request.invalidField" })),
);

/** 0 a user, 1 super administrator, 2 administrator. */
const role = z.pipe(
  formInt(),
  z.literal([0, 1, 2], { error: "request.invalidField" }),
);
/** 1 enabled, 0 disabled. */
const status = z.pipe(
  formInt(),
  z.literal([0, 1], { error: "request.invalidField" }),
);
/** 0 female, 1 male, 2 unknown (SPEC §3). */
const sex = z.pipe(
  formInt(),
  z.literal([0, 1, 2], { error: "request.invalidField" }),
);

/** A user as the console lists and shows them. */
export const ConsoleUserSchema = z.object({
  user_id: z.int(),
  id: z.int(),
  account: z.string(),
  realname: z.string(),
  name_py: z.string(),
  email: z.string(),
  avatar: z.string(),
  sex: z.int(),
  motto: z.string(),
  remark: z.string(),
  role: z.int(),
  status: z.int(),
  is_auth: z.int(),
  friend_limit: z.int(),
  group_limit: z.int(),
  cs_uid: z.nullable(z.int()),
  login_count: z.int(),
  last_login_ip: z.string(),
  /** Where the last login came from (IP location), or "--". */
  location: z.string(),
  register_ip: z.string(),
  /** Where the registration came from, or "--". */
  reg_location: z.string(),
  /** `Y-m-d H:i:s`, or "--" when never. */
  last_login_time: z.string(),
  create_time: z.string(),
  update_time: z.string(),
  /** ms, for sorting and relative times in our client. */
  created_at: z.number(),
  last_login_at: z.nullable(z.number()),
  /** 1 for a bot account (extensions.md §9, issue 48); absent for people and from older servers. */
  is_bot: z.optional(z.literal(1)),
});
/** A user as the console shows them. */
export type ConsoleUser = z.infer<typeof ConsoleUserSchema>;

/** What the console's user list sorts by. */
export const USER_ORDER_FIELDS = [
  "user_id",
  "create_time",
  "last_login_time",
  "realname",
  "account",
  "login_count",
] as const;

/**
 * `manage/User/index`: the users, searched by realname, account, pinyin or email, filtered
 * by status and role, sorted (`order_type` 1 ascending, 2 descending), by page; `count` is
 * the total.
 */
export const userIndex = defineCall({
  path: "/manage/User/index",
  auth: "admin",
  request: z.object({
    page,
    limit,
    keywords: z._default(text(64), ""),
    order_field: optional(
      z.pipe(
        formString(),
        z.enum(USER_ORDER_FIELDS, { error: "request.invalidField" }),
      ),
    ),
    order_type: optional(
      z.pipe(formInt(), z.literal([1, 2], { error: "request.invalidField" })),
    ),
    status: optional(status),
    role: optional(role),
  }),
  response: z.array(ConsoleUserSchema),
});

const profile = {
  realname: formString(),
  email: z._default(text(128), ""),
  sex: z._default(sex, 2),
  remark: z._default(text(255), ""),
  friend_limit: z._default(limitCount, 0),
  group_limit: z._default(limitCount, 0),
  status: z._default(status, 1),
  role: z._default(role, 0),
};

/**
 * `manage/User/add`: a new account (the registration rules of SPEC §5 for account, realname
 * and password; any regauth). A role above 0 only from a super administrator.
 */
export const userAdd = defineCall({
  path: "/manage/User/add",
  auth: "admin",
  request: z.object({
    account: formString(),
    password: formString(),
    ...profile,
  }),
  response: ConsoleUserSchema,
});

/**
 * `manage/User/edit`: a user's profile, account, limits and status; `role` is applied only
 * when the caller may change roles (a super administrator, not on their own account).
 */
export const userEdit = defineCall({
  path: "/manage/User/edit",
  auth: "admin",
  request: z.object({
    user_id: userId,
    account: formString(),
    cs_uid: optional(positiveId("console.userNotFound")),
    realname: profile.realname,
    email: z._default(text(128), ""),
    sex: z._default(sex, 2),
    remark: z._default(text(255), ""),
    friend_limit: z._default(limitCount, 0),
    group_limit: z._default(limitCount, 0),
    status: optional(status),
    role: optional(role),
  }),
  response: ConsoleUserSchema,
});

/** `manage/User/del`: deletes an account; its sessions end, its friendships and memberships go. */
export const userDel = defineCall({
  path: "/manage/User/del",
  auth: "admin",
  request: z.object({ user_id: userId }),
  response: z.literal(""),
});

/** `manage/User/detail`: one user. */
export const userDetail = defineCall({
  path: "/manage/User/detail",
  auth: "admin",
  request: z.object({ user_id: userId }),
  response: ConsoleUserSchema,
});

/** `manage/User/editPassword`: sets a user's password; every session of theirs ends. */
export const userEditPassword = defineCall({
  path: "/manage/User/editPassword",
  auth: "admin",
  request: z.object({ user_id: userId, password: formString() }),
  response: z.literal(""),
});

/** `manage/User/setStatus`: enables (1) or disables (0); disabling ends every session at once. */
export const userSetStatus = defineCall({
  path: "/manage/User/setStatus",
  auth: "admin",
  request: z.object({ user_id: userId, status }),
  response: z.literal(""),
});

/** `manage/User/setRole`: 0 user, 1 super administrator, 2 administrator (super administrators only). */
export const userSetRole = defineCall({
  path: "/manage/User/setRole",
  auth: "admin",
  request: z.object({ user_id: userId, role }),
  response: z.literal(""),
});

/** The most rows one CSV import of users holds (issue 47). */
export const USER_IMPORT_MAX_ROWS = 1000;
/** The largest CSV text an import takes, in characters. */
export const USER_IMPORT_MAX_CHARS = 512 * 1024;
/** The CSV columns an import reads (a header row names them, in any order and case). */
export const USER_IMPORT_COLUMNS = [
  "account",
  "name",
  "email",
  "role",
  "password",
] as const;

/** One row of a CSV import, as checked (and, once created, with its new account). */
export const UserImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.int(),
  account: z.string(),
  realname: z.string(),
  email: z.string(),
  /** 0 user, 2 administrator, 1 super administrator. */
  role: z.int(),
  /** Why the row cannot be created: message keys; empty when it can. */
  problems: z.array(z.string()),
  /** Once created: the new account's id. */
  user_id: z.optional(z.int()),
  /** Once created without a password in the file: the one made for it, shown this once. */
  password: z.optional(z.string()),
  /**
   * Once created with `invite` and no password in the file: the invitation link, where the
   * user chooses their password (`<PUBLIC_URL>/#/welcome?…`, relative without PUBLIC_URL),
   * shown this once.
   */
  link: z.optional(z.string()),
});
/** One row of a CSV import. */
export type UserImportRow = z.infer<typeof UserImportRowSchema>;

/**
 * `manage/User/import` (Parley's own, issue 47): users from a CSV text (a header row with
 * `account` and `name`, optionally `email`, `role` — user, admin, super — and `password`),
 * at most 1,000 rows. Without `create` it only checks: every row with its problems. With
 * `create` "1" and no problem in any row, every account is made in one transaction
 * (passwords left empty are made up and answered once, or with `invite` "1" the account
 * gets an invitation link instead, answered once); with a problem, nothing is made and
 * `created` is 0. A role above user only from a super administrator.
 */
export const userImport = defineCall({
  path: "/manage/User/import",
  auth: "admin",
  request: z.object({
    csv: z.pipe(
      formString(),
      z.string().check(
        z.maxLength(USER_IMPORT_MAX_CHARS, {
          error: "console.importTooLarge",
        }),
      ),
    ),
    create: optional(z.pipe(formString(), z.enum(["0", "1"]))),
    /** "1": rows without a password get an invitation link instead of a made-up one. */
    invite: optional(z.pipe(formString(), z.enum(["0", "1"]))),
  }),
  response: z.object({
    rows: z.array(UserImportRowSchema),
    created: z.int(),
  }),
});
