import { compiledOnce } from "../../db/compiled-once.js";
import { type Selectable, sql } from "kysely";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";
import { groupConversationId } from "../../db/conversation-ids.js";
import type { GroupChatRecords } from "../messages/messages.ports.js";
import type { GroupsTable } from "../../db/schema.js";

export type GroupRow = Selectable<GroupsTable>;

/** A member's standing in a group: what the rules read. */
export interface MemberState {
  role: number;
  muted_until: number | null;
  joined_seq: number;
}

/** A live group (not disbanded), or undefined. */
// Read by every group send and page: compiled once.
const liveGroup = compiledOnce((db, groupId) =>
  db
    .selectFrom("groups")
    .selectAll()
    .where("group_id", "=", groupId)
    .where("status", "=", 1),
);

export async function findGroup(
  db: Db,
  groupId: number,
): Promise<GroupRow | undefined> {
  const [group] = await liveGroup(db, groupId);
  return group;
}

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
  const rows = await db
    .selectFrom("group_members")
    .select(["user_id", "role"])
    .where("group_id", "=", groupId)
    .where("user_id", "in", unique)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.role]));
}

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
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("group_members")
        .select("user_id")
        .where("group_id", "=", groupId)
        .limit(upTo)
        .as("some"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Groups a user owns, for their group_limit. */
export async function countOwnedGroups(
  db: Db,
  userId: number,
): Promise<number> {
  const row = await db
    .selectFrom("groups")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("owner_id", "=", userId)
    .where("status", "=", 1)
    .executeTakeFirstOrThrow();
  return row.n;
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

/** A new group: its row, its members, its conversation and each member's view of it, at once. */
export function insertGroup(
  db: Db,
  chats: GroupChatRecords,
  group: {
    name: string;
    namePy: string;
    ownerId: number;
    memberIds: readonly number[];
    setting: string;
    now: number;
  },
): Promise<GroupRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("groups")
      .values({
        name: group.name,
        name_py: group.namePy,
        owner_id: group.ownerId,
        created_by: group.ownerId,
        setting: group.setting,
        created_at: group.now,
        updated_at: group.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const everyone = [group.ownerId, ...group.memberIds];
    await trx
      .insertInto("group_members")
      .values(
        everyone.map((userId) => ({
          group_id: row.group_id,
          user_id: userId,
          role: userId === group.ownerId ? 1 : 3,
          invited_by: group.ownerId,
          joined_at: group.now,
        })),
      )
      .execute();
    await chats.openGroupChat(trx, row.group_id, everyone, group.now);
    return row;
  });
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
 * Adds members who are not in yet (others are left as they are), each reading the history
 * from where it stands now. Answers who was added.
 */
export function insertMembers(
  db: Db,
  chats: GroupChatRecords,
  groupId: number,
  userIds: readonly number[],
  invitedBy: number,
  now: number,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const present = await trx
      .selectFrom("group_members")
      .select("user_id")
      .where("group_id", "=", groupId)
      .where("user_id", "in", userIds)
      .execute();
    const taken = new Set(present.map((row) => row.user_id));
    const added = userIds.filter((id) => !taken.has(id));
    if (added.length === 0) return [];
    const seq = await chats.joinGroupChat(trx, groupId, added, now);
    await trx
      .insertInto("group_members")
      .values(
        added.map((userId) => ({
          group_id: groupId,
          user_id: userId,
          role: 3,
          invited_by: invitedBy,
          joined_at: now,
          joined_seq: seq,
        })),
      )
      .onConflict((oc) => oc.columns(["group_id", "user_id"]).doNothing())
      .execute();
    return added;
  });
}

/** Takes a member out, with their view of the group's chat. Answers whether they were in. */
export function deleteMember(
  db: Db,
  chats: GroupChatRecords,
  groupId: number,
  userId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("group_members")
      .where("group_id", "=", groupId)
      .where("user_id", "=", userId)
      // The owner never leaves this way: ownership moves first.
      .where("role", "!=", 1)
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) return false;
    await chats.leaveGroupChat(trx, groupId, userId);
    return true;
  });
}

/** Makes a member an administrator (2) or a member (3); never touches the owner. */
export async function updateRole(
  db: Db,
  groupId: number,
  userId: number,
  role: 2 | 3,
): Promise<boolean> {
  const result = await db
    .updateTable("group_members")
    .set({ role })
    .where("group_id", "=", groupId)
    .where("user_id", "=", userId)
    .where("role", "!=", 1)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Hands a group from its owner to a member, only if `fromId` still owns it: a concurrent
 * transfer or disband leaves one consistent state. Answers whether it moved.
 */
export function transferOwnership(
  db: Db,
  groupId: number,
  fromId: number,
  toId: number,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("groups")
      .set({ owner_id: toId, updated_at: now })
      .where("group_id", "=", groupId)
      .where("owner_id", "=", fromId)
      .where("status", "=", 1)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) return false;
    const promoted = await trx
      .updateTable("group_members")
      .set({ role: 1, muted_until: null })
      .where("group_id", "=", groupId)
      .where("user_id", "=", toId)
      .executeTakeFirst();
    if (promoted.numUpdatedRows === 0n) {
      // The new owner left meanwhile: undo by failing the transaction.
      throw new TransferTargetGone();
    }
    await trx
      .updateTable("group_members")
      .set({ role: 3 })
      .where("group_id", "=", groupId)
      .where("user_id", "=", fromId)
      .execute();
    return true;
  });
}

/** The member a transfer names left while it ran. */
export class TransferTargetGone extends Error {}

/**
 * Disbands a group its owner still owns: the group is marked gone (status 0, `deleted_at`),
 * and its members stay as its former members — their rows, read positions and the messages
 * stay, so each still lists it and reads its history until they remove it (issue 51). Every
 * live-group query reads `status = 1`, so nothing else sees it. Answers whether it happened.
 */
export async function disbandGroup(
  db: Db,
  groupId: number,
  ownerId: number,
  now: number,
): Promise<boolean> {
  const closed = await db
    .updateTable("groups")
    .set({ status: 0, deleted_at: now, updated_at: now })
    .where("group_id", "=", groupId)
    .where("owner_id", "=", ownerId)
    .where("status", "=", 1)
    .executeTakeFirst();
  return closed.numUpdatedRows > 0n;
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
 * A former member removes a disbanded group from their list: their membership and their view
 * of its chat go; when no former member is left, its messages go too (the group row stays,
 * disbanded, as before). Answers null when the user was no former member of it, else the
 * files the deleted messages carried (the files feature frees the unused).
 */
export function removeFormerMember(
  db: Db,
  chats: GroupChatRecords,
  groupId: number,
  userId: number,
): Promise<number[] | null> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("group_members")
      .where("group_id", "=", groupId)
      .where("user_id", "=", userId)
      .where("group_id", "in", (eb) =>
        eb
          .selectFrom("groups")
          .select("group_id")
          .where("group_id", "=", groupId)
          .where("status", "!=", 1)
          .where("deleted_at", "is not", null),
      )
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) return null;
    await chats.leaveGroupChat(trx, groupId, userId);
    const left = await trx
      .selectFrom("group_members")
      .select("user_id")
      .where("group_id", "=", groupId)
      .limit(1)
      .executeTakeFirst();
    if (left) return [];
    // The last former member is gone: what disbanding deleted at once before issue 51.
    return chats.closeGroupChat(trx, groupId);
  });
}

export async function updateName(
  db: Db,
  groupId: number,
  name: string,
  namePy: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("groups")
    .set({ name, name_py: namePy, updated_at: now })
    .where("group_id", "=", groupId)
    .execute();
}

export async function updateSetting(
  db: Db,
  groupId: number,
  setting: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("groups")
    .set({ setting, updated_at: now })
    .where("group_id", "=", groupId)
    .execute();
}

export async function updateNotice(
  db: Db,
  groupId: number,
  notice: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("groups")
    .set({ notice, updated_at: now })
    .where("group_id", "=", groupId)
    .execute();
}

/** Mutes a member until a time (ms), or lifts it (null). Answers whether they are a member. */
export async function updateMute(
  db: Db,
  groupId: number,
  userId: number,
  until: number | null,
): Promise<boolean> {
  const result = await db
    .updateTable("group_members")
    .set({ muted_until: until })
    .where("group_id", "=", groupId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
 * Sets a live group's avatar; answers the one it replaced, or null when the group is gone.
 */
export function replaceAvatar(
  db: Db,
  groupId: number,
  avatar: string,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    // A write first takes the row's lock (a PostgreSQL read takes none; SQLite has no
    // FOR UPDATE), so two rebuilds at once each learn what they replaced.
    const locked = await trx
      .updateTable("groups")
      .set((eb) => ({ avatar: eb.ref("avatar") }))
      .where("group_id", "=", groupId)
      .where("status", "=", 1)
      .executeTakeFirst();
    if (locked.numUpdatedRows === 0n) return null;
    const row = await trx
      .selectFrom("groups")
      .select("avatar")
      .where("group_id", "=", groupId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("groups")
      .set({ avatar })
      .where("group_id", "=", groupId)
      .execute();
    return row.avatar;
  });
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

/** The groups tables, bound to a database. */
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

/**
 * The groups feature's SQL, bound to the database; what a group's change does to its chat
 * goes through `chats`, the messages feature's, inside the same transaction.
 */
export function groupsRepository(db: Db, chats: GroupChatRecords) {
  const bound = bindRepository(db, {
    listSharedGroups,
    listGroupFaces,
    findGroup,
    findMembership,
    findChatStanding,
    listMemberIds,
    listMemberIdsAt,
    findMembersVersion,
    listMembersAmong,
    listRolesAmong,
    listGroupsAmong,
    countMembers,
    countMembersUpTo,
    countOwnedGroups,
    pageMembers,
    findOwner,
    updateRole,
    transferOwnership,
    disbandGroup,
    findFormerStanding,
    updateName,
    updateSetting,
    updateMute,
    updateNotice,
    listUserGroups,
    listAvatarFaces,
    listGroupsShowing,
    replaceAvatar,
  });
  return {
    ...bound,
    insertGroup: (group: Parameters<typeof insertGroup>[2]) =>
      insertGroup(db, chats, group),
    insertMembers: (
      groupId: number,
      userIds: readonly number[],
      invitedBy: number,
      now: number,
    ) => insertMembers(db, chats, groupId, userIds, invitedBy, now),
    deleteMember: (groupId: number, userId: number) =>
      deleteMember(db, chats, groupId, userId),
    removeFormerMember: (groupId: number, userId: number) =>
      removeFormerMember(db, chats, groupId, userId),
  };
}
/** What the groups service holds of its tables. */
export type GroupsRepository = ReturnType<typeof groupsRepository>;
