import { compiledOnce } from "../../db/compiled-once.js";
import { type Selectable } from "kysely";
import { type Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";
import {
  findGroupsNamed,
  listPublicGroups,
  updateDescription,
} from "./directory.repository.js";
import { type GroupChatRecords } from "../messages/messages.ports.js";
import { type GroupsTable } from "../../db/schema.js";
import {
  countMembers,
  countMembersUpTo,
  countOwnedGroups,
  findChatStanding,
  findFormerStanding,
  listReadableGroups,
  findMembersVersion,
  findMembership,
  findOwner,
  listAvatarFaces,
  listGroupFaces,
  listGroupsAmong,
  listGroupsShowing,
  listMemberIds,
  listMemberIdsAt,
  listMembersWithStart,
  listMembersAmong,
  listRolesAmong,
  listSharedGroups,
  listUserGroups,
  pageMembers,
} from "./membership.repository.js";

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
  isPublic: boolean,
  now: number,
): Promise<void> {
  await db
    .updateTable("groups")
    .set({ setting, is_public: isPublic ? 1 : 0, updated_at: now })
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
    listMembersWithStart,
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
    listReadableGroups,
    updateName,
    updateSetting,
    updateMute,
    updateNotice,
    listUserGroups,
    listAvatarFaces,
    listGroupsShowing,
    replaceAvatar,
    listPublicGroups,
    findGroupsNamed,
    updateDescription,
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
