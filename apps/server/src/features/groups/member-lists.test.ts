import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import {
  createGroup,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";
import { groupChatRecords } from "../messages/group-chats.repository.js";
import { groupsRepository } from "./groups.repository.js";
import { MemberLists, type MemberListsRepo } from "./member-lists.js";

/*
 * Issue 14: a process keeps a group's member ids while the group's `members_version`
 * (bumped by the database's own triggers, migration 0017) stays the same. Whoever changes
 * the members, through the API or any statement at all, the next read sees it.
 */

const app = useTestApp();

const call = (path: string, user: TestUser, body: object = {}) =>
  app().post(`/enterprise/group/${path}`, body, { token: user.token });

const makeGroup = (owner: TestUser, members: TestUser[]) =>
  createGroup(app(), owner, members, "Kept list");

async function version(groupId: number): Promise<number> {
  const row = await app()
    .db.selectFrom("groups")
    .select("members_version")
    .where("group_id", "=", groupId)
    .executeTakeFirstOrThrow();
  return row.members_version;
}

/** The repository, counting full list reads. */
function counted() {
  const repo = groupsRepository(app().db, groupChatRecords);
  const reads: number[] = [];
  const counting: MemberListsRepo = {
    findMembersVersion: (groupId) => repo.findMembersVersion(groupId),
    listMemberIdsAt: (groupId) => {
      reads.push(groupId);
      return repo.listMemberIdsAt(groupId);
    },
  };
  return { repo: counting, reads };
}

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describe("member lists kept per group", () => {
  it("changes the version with every member in or out, by the API or by any statement", async () => {
    const [owner, a, b, c] = await registerMany(app(), 4, "Version");
    const { id, groupId } = await makeGroup(owner, [a, b]);
    const made = await version(groupId);

    expect(
      (await call("addGroupUser", owner, { id, user_ids: [c.userId] })).code,
    ).toBe(0);
    const added = await version(groupId);
    expect(added).toBeGreaterThan(made);

    expect(
      (await call("removeUser", owner, { id, user_id: a.userId })).code,
    ).toBe(0);
    const removed = await version(groupId);
    expect(removed).toBeGreaterThan(added);

    // Not through the service: a statement of its own, as another tool might run.
    await app()
      .db.deleteFrom("group_members")
      .where("group_id", "=", groupId)
      .where("user_id", "=", b.userId)
      .execute();
    expect(await version(groupId)).toBeGreaterThan(removed);
  });

  it("answers the members as they are now, reading the whole list only after a change", async () => {
    const [owner, a, b, c] = await registerMany(app(), 4, "Kept");
    const { id, groupId } = await makeGroup(owner, [a, b]);
    const { repo, reads } = counted();
    const lists = new MemberLists(repo);

    const everyone = sorted([owner.userId, a.userId, b.userId]);
    expect(sorted(await lists.memberIds(groupId))).toEqual(everyone);
    expect(sorted(await lists.memberIds(groupId))).toEqual(everyone);
    expect(reads).toHaveLength(1);

    // Removed through the API: left out of the very next answer.
    expect(
      (await call("removeUser", owner, { id, user_id: b.userId })).code,
    ).toBe(0);
    expect(sorted(await lists.memberIds(groupId))).toEqual(
      sorted([owner.userId, a.userId]),
    );
    expect(reads).toHaveLength(2);

    // Added by a bare statement: in the very next answer too.
    await app()
      .db.insertInto("group_members")
      .values({
        group_id: groupId,
        user_id: c.userId,
        role: 3,
        invited_by: owner.userId,
        joined_at: Date.now(),
        muted_until: null,
      })
      .execute();
    expect(sorted(await lists.memberIds(groupId))).toEqual(
      sorted([owner.userId, a.userId, c.userId]),
    );

    // A role change or a mute changes no id: the list stays right whether or not it is read again.
    expect(
      (await call("setManager", owner, { id, user_id: a.userId, role: 2 }))
        .code,
    ).toBe(0);
    expect(sorted(await lists.memberIds(groupId))).toEqual(
      sorted([owner.userId, a.userId, c.userId]),
    );
  });

  it("does not keep a list read before a change that a later read already saw", async () => {
    const [owner, a, b] = await registerMany(app(), 3, "Race");
    const { id, groupId } = await makeGroup(owner, [a, b]);
    const repo = groupsRepository(app().db, groupChatRecords);
    // The first full read answers only when let go, after a removal and a second read.
    let letGo: () => void = () => undefined;
    let first = true;
    const lists = new MemberLists({
      findMembersVersion: (g) => repo.findMembersVersion(g),
      listMemberIdsAt: async (g) => {
        const read = await repo.listMemberIdsAt(g);
        if (first) {
          first = false;
          await new Promise<void>((resolve) => (letGo = resolve));
        }
        return read;
      },
    });
    const slow = lists.memberIds(groupId);
    expect(
      (await call("removeUser", owner, { id, user_id: b.userId })).code,
    ).toBe(0);
    const now = sorted([owner.userId, a.userId]);
    expect(sorted(await lists.memberIds(groupId))).toEqual(now);
    letGo();
    // The slow read answers what it read, and is not kept over the newer one.
    expect(await slow).toContain(b.userId);
    expect(sorted(await lists.memberIds(groupId))).toEqual(now);
  });

  it("forgets the groups read longest ago past its allowance, and answers a missing group with no one", async () => {
    const [owner, a, b] = await registerMany(app(), 3, "Allowance");
    const one = await makeGroup(owner, [a, b]);
    const two = await makeGroup(owner, [a, b]);
    const { repo, reads } = counted();
    const lists = new MemberLists(repo, 4);
    await lists.memberIds(one.groupId);
    await lists.memberIds(two.groupId);
    // Three ids each, four at most: the first group was forgotten, the second is kept.
    await lists.memberIds(two.groupId);
    await lists.memberIds(one.groupId);
    expect(reads).toEqual([one.groupId, two.groupId, one.groupId]);
    expect(await lists.memberIds(987_654_321)).toEqual([]);
  });
});
