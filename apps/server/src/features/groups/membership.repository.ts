/*
 * Who is in a group, in which role, and which groups a user is in: the groups feature's
 * reads (groups.repository.ts binds them with its writes).
 */
import { compiledOnce, compiledPerLength } from "../../db/compiled-once.js";
import { sql } from "kysely";
import { type Db } from "../../db/database.js";
import { groupConversationId } from "../../db/conversation-ids.js";
import { type GroupRow, type MemberState } from "./groups.repository.js";

/** A user's membership of a live group, or undefined (the standing below, compiled once). */
export async function findMembership(
  db: Db,
  groupId: number,
  userId: number,
): Promise<MemberState | undefined> {
  return findChatStanding(db, groupId, userId);
}

const chatStandingOf = compiledOnce((db, groupId, userId) =>
  db
    .selectFrom("group_members as gm")
    .innerJoin("groups as g", "g.group_id", "gm.group_id")
    .select([
      "gm.role",
      "gm.muted_until",
      "gm.joined_seq",
      "g.setting",
      "g.name",
      "g.name_py",
      "g.avatar",
      "g.owner_id",
      "g.notice",
    ])
    .where("gm.group_id", "=", groupId)
    .where("gm.user_id", "=", userId)
    .where("g.status", "=", 1),
);

/**
 * A member's standing with the group's settings and name, or undefined when either is
 * missing: what every group send reads, in one statement (issue 14).
 */
export async function findChatStanding(
  db: Db,
  groupId: number,
  userId: number,
): Promise<
  | (MemberState &
      Pick<
        GroupRow,
        "setting" | "name" | "name_py" | "avatar" | "owner_id" | "notice"
      >)
  | undefined
> {
  const [row] = await chatStandingOf(db, groupId, userId);
  return row;
}

/** Every member's id (by the primary key), or only the owner's and administrators'. */
export async function listMemberIds(
  db: Db,
  groupId: number,
  options: { managersOnly?: boolean } = {},
): Promise<number[]> {
  let query = db
    .selectFrom("group_members")
    .select("user_id")
    .where("group_id", "=", groupId);
  if (options.managersOnly) query = query.where("role", "<=", 2);
  const rows = await query.execute();
  return rows.map((row) => row.user_id);
}

/**
 * The members who can see a group message of sequence number `seq`, with the group's
 * setting: each member's id and where their history starts, in one statement.
 */
export async function listMembersWithStart(
  db: Db,
  groupId: number,
): Promise<{ setting: string; members: { id: number; joinedSeq: number }[] }> {
  const rows = await db
    .selectFrom("groups as g")
    .leftJoin("group_members as m", "m.group_id", "g.group_id")
    .select(["g.setting", "m.user_id", "m.joined_seq"])
    .where("g.group_id", "=", groupId)
    .execute();
  const members: { id: number; joinedSeq: number }[] = [];
  for (const row of rows)
    if (row.user_id !== null)
      members.push({ id: row.user_id, joinedSeq: row.joined_seq ?? 0 });
  return { setting: rows[0]?.setting ?? "{}", members };
}

/**
 * A group's member ids with the `members_version` they were read at, in one statement (so
 * the two agree); a missing group has no members, at version -1.
 */
export async function listMemberIdsAt(
  db: Db,
  groupId: number,
): Promise<{ version: number; ids: number[] }> {
  const rows = await db
    .selectFrom("groups as g")
    .leftJoin("group_members as m", "m.group_id", "g.group_id")
    .select(["g.members_version as version", "m.user_id"])
    .where("g.group_id", "=", groupId)
    .execute();
  const ids: number[] = [];
  for (const row of rows) if (row.user_id !== null) ids.push(row.user_id);
  return { version: rows[0]?.version ?? -1, ids };
}

const membersVersionOf = compiledOnce((db, groupId) =>
  db
    .selectFrom("groups")
    .select("members_version")
    .where("group_id", "=", groupId),
);

/** A group's `members_version` (migration 0017); -1 for a missing group. */
export async function findMembersVersion(
  db: Db,
  groupId: number,
): Promise<number> {
  const [row] = await membersVersionOf(db, groupId);
  return row?.members_version ?? -1;
}

/** Which of these users are members already. */
export async function listMembersAmong(
  db: Db,
  groupId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("group_members")
    .select("user_id")
    .where("group_id", "=", groupId)
    .where("user_id", "in", userIds)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** The roles of those of these users who are members (a history page's senders). */
export async function listRolesAmong(
  db: Db,
  groupId: number,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await rolesOf(db, unique, groupId);
  return new Map(rows.map((row) => [row.user_id, row.role]));
}

const rolesOf = compiledPerLength((db, userIds, groupId) =>
  db
    .selectFrom("group_members")
    // joined_seq is not needed: asked for, no index holds every column asked, and SQLite
    // (which keeps no statistics here) looks each member up by key. With only the two,
    // it read them off (group_id, role, user_id) by scanning the whole group: 0.56 ms in a
    // group of 10,000 against 0.01, a third of the reconnect storm's time (issue 49).
    .select(["user_id", "role", "joined_seq"])
    .where("group_id", "=", groupId)
    .where("user_id", "in", userIds),
);

/** Which of these groups a user is a member of (active groups only). */
export async function listGroupsAmong(
  db: Db,
  userId: number,
  groupIds: readonly number[],
): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("group_members as gm")
    .innerJoin("groups as g", "g.group_id", "gm.group_id")
    .select("gm.group_id")
    .where("gm.user_id", "=", userId)
    .where("gm.group_id", "in", groupIds)
    .where("g.status", "=", 1)
    .execute();
  return new Set(rows.map((row) => row.group_id));
}

/** Names and pictures of live groups, by id. */
export async function listGroupFaces(
  db: Db,
  groupIds: readonly number[],
): Promise<Map<number, { name: string; avatar: string; name_py: string }>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("groups")
    .select(["group_id", "name", "avatar", "name_py"])
    .where("group_id", "in", [...new Set(groupIds)])
    .where("status", "=", 1)
    .execute();
  return new Map(rows.map((row) => [row.group_id, row]));
}

export async function countMembers(db: Db, groupId: number): Promise<number> {
  const row = await db
    .selectFrom("group_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("group_id", "=", groupId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * How many members a group has, counted no further than `upTo`: enough to tell a group
 * under a size from one over it without reading all 10,000 members of a large one.
 */
export async function countMembersUpTo(
  db: Db,
  groupId: number,
  upTo: number,
): Promise<number> {
  const [row] = await membersUpTo(db, groupId, upTo);
  return row?.n ?? 0;
}

// Each member's first page of a group asks it (read receipts): built once (issue 49).
const membersUpTo = compiledOnce((db, groupId, upTo) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom("group_members")
        .select("user_id")
        .where("group_id", "=", groupId)
        .limit(upTo)
        .as("some"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n")),
);

/** Groups a user owns, for their group_limit. */
export async function countOwnedGroups(
  db: Db,
  userId: number,
): Promise<number> {
  const row = await db
    .selectFrom("groups")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("owner_id", "=", userId)
    .where("status", "=", 1)
    .executeTakeFirstOrThrow();
  // PostgreSQL counts in bigint, which arrives as a string.
  return Number(row.n);
}

/** A page of members with their user, owner first, then administrators, then by joining. */
export function pageMembers(
  db: Db,
  groupId: number,
  options: { limit: number; offset: number },
) {
  return db
    .selectFrom("group_members as gm")
    .innerJoin("users as u", "u.user_id", "gm.user_id")
    .leftJoin("user_conversations as uc", (join) =>
      join
        .onRef("uc.user_id", "=", "gm.user_id")
        .on("uc.conversation_id", "=", groupConversationId(groupId)),
    )
    .select([
      "gm.group_id",
      "gm.user_id",
      "gm.role",
      "gm.invited_by",
      "gm.joined_at",
      "gm.muted_until",
      "u.realname",
      "u.account",
      "u.avatar",
      "u.name_py",
      "u.is_bot",
      "uc.is_top",
      "uc.is_notice",
    ])
    .where("gm.group_id", "=", groupId)
    .orderBy("gm.role")
    .orderBy("gm.user_id")
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}
/** One member row with its user. */
export type MemberRow = Awaited<ReturnType<typeof pageMembers>>[number];

/** The user a group's owner is, for its card. */
export function findOwner(db: Db, groupId: number) {
  return db
    .selectFrom("groups as g")
    .innerJoin("users as u", "u.user_id", "g.owner_id")
    .select(["u.user_id", "u.realname", "u.account", "u.avatar", "u.name_py"])
    .where("g.group_id", "=", groupId)
    .executeTakeFirst();
}

/**
 * The live groups whose avatar shows this user: their owner, or one of the first
 * `faces - 1` other members by joining order (as `listAvatarFaces` draws them).
 */
export async function listGroupsShowing(
  db: Db,
  userId: number,
  faces: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom("group_members as gm")
    .innerJoin("groups as g", "g.group_id", "gm.group_id")
    .select("gm.group_id")
    .where("gm.user_id", "=", userId)
    .where("g.status", "=", 1)
    .where((eb) =>
      eb.or([
        eb("gm.role", "=", 1),
        eb(
          eb
            .selectFrom("group_members as o")
            .select((o) => o.fn.countAll<number>().as("n"))
            .whereRef("o.group_id", "=", "gm.group_id")
            .where("o.role", "!=", 1)
            .where((o) =>
              o.or([
                o("o.joined_at", "<", o.ref("gm.joined_at")),
                o.and([
                  o("o.joined_at", "=", o.ref("gm.joined_at")),
                  o("o.user_id", "<", o.ref("gm.user_id")),
                ]),
              ]),
            ),
          "<",
          faces - 1,
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.group_id);
}

/**
 * The groups whose history a user reads: those they are in, live or disbanded (a former
 * member of a disbanded group still reads it), with where their membership starts and the
 * group's settings (the history switch). For the global search (issue 45).
 */
export function listReadableGroups(
  db: Db,
  userId: number,
): Promise<{ group_id: number; joined_seq: number; setting: string }[]> {
  return db
    .selectFrom("group_members as gm")
    .innerJoin("groups as g", "g.group_id", "gm.group_id")
    .select(["gm.group_id", "gm.joined_seq", "g.setting"])
    .where("gm.user_id", "=", userId)
    .where((eb) =>
      eb.or([eb("g.status", "=", 1), eb("g.deleted_at", "is not", null)]),
    )
    .execute();
}

/**
 * A former member's standing in a disbanded group (its history's reader), or undefined for
 * a live group, a missing one, or one the user was not in.
 */
export async function findFormerStanding(
  db: Db,
  groupId: number,
  userId: number,
): Promise<(MemberState & { setting: string }) | undefined> {
  return db
    .selectFrom("group_members as gm")
    .innerJoin("groups as g", "g.group_id", "gm.group_id")
    .select(["gm.role", "gm.muted_until", "gm.joined_seq", "g.setting"])
    .where("gm.group_id", "=", groupId)
    .where("gm.user_id", "=", userId)
    .where("g.status", "!=", 1)
    .where("g.deleted_at", "is not", null)
    .executeTakeFirst();
}

/**
 * The members a group's avatar shows: the owner, then the others in joining order (the
 * joining-order index reads only as many as it shows). Empty for a group that is gone.
 */
export async function listAvatarFaces(
  db: Db,
  groupId: number,
  limit: number,
): Promise<{ user_id: number; realname: string; avatar: string }[]> {
  const members = db
    .selectFrom("group_members as gm")
    .innerJoin("users as u", "u.user_id", "gm.user_id")
    .innerJoin("groups as g", "g.group_id", "gm.group_id")
    .select(["u.user_id", "u.realname", "u.avatar"])
    .where("gm.group_id", "=", groupId)
    .where("g.status", "=", 1);
  const owner = await members.where("gm.role", "=", 1).executeTakeFirst();
  const others = await members
    .where("gm.role", "!=", 1)
    .orderBy("gm.joined_at")
    .orderBy("gm.user_id")
    .limit(owner ? limit - 1 : limit)
    .execute();
  return owner ? [owner, ...others] : others;
}

/**
 * A user's groups with their view of each (pinned, notifications, mentions) and the last
 * message; unread is the distance from their read position to the group's last message.
 */
const userGroups = compiledOnce((db, userId) =>
  db
    .selectFrom("group_members as gm")
    .innerJoin("groups as g", "g.group_id", "gm.group_id")
    .innerJoin("user_conversations as uc", (join) =>
      join
        .onRef("uc.user_id", "=", "gm.user_id")
        .on("uc.conversation_id", "=", sql<string>`'group-' || g.group_id`),
    )
    .innerJoin("conversations as c", "c.conversation_id", "uc.conversation_id")
    .leftJoin("messages as m", "m.msg_id", "c.last_msg_id")
    .select([
      "g.group_id",
      "g.name",
      "g.name_py",
      "g.avatar",
      "g.owner_id",
      "g.notice",
      "g.setting",
      "gm.role",
      "uc.is_top",
      "uc.is_notice",
      "uc.is_at",
      "c.last_send_time",
      "m.type as last_type",
      "m.content as last_content",
      "m.extends as last_extends",
      "m.is_undo as last_is_undo",
      "uc.draft",
      sql<number>`c.last_seq - uc.last_read_seq`.as("unread"),
      "g.status",
    ])
    .where("gm.user_id", "=", userId)
    // Live groups, and disbanded ones the user has not removed yet (issue 51).
    .where((eb) =>
      eb.or([eb("g.status", "=", 1), eb("g.deleted_at", "is not", null)]),
    ),
);

/** The user's groups with their chat state (on every contact list, so compiled once). */
export function listUserGroups(db: Db, userId: number) {
  return userGroups(db, userId);
}
/** One of a user's groups, as the contact list needs it. */
export type UserGroupRow = Awaited<ReturnType<typeof listUserGroups>>[number];

/**
 * The live groups `viewer` and `subject` are both in, with the viewer's role and the
 * group's settings: what decides whether a group hides the subject's card from the viewer.
 */
export function listSharedGroups(
  db: Db,
  viewer: number,
  subject: number,
): Promise<{ role: number; setting: string }[]> {
  return db
    .selectFrom("group_members as mine")
    .innerJoin("group_members as theirs", "theirs.group_id", "mine.group_id")
    .innerJoin("groups as g", "g.group_id", "mine.group_id")
    .select(["mine.role", "g.setting"])
    .where("mine.user_id", "=", viewer)
    .where("theirs.user_id", "=", subject)
    .where("g.status", "=", 1)
    .execute();
}
