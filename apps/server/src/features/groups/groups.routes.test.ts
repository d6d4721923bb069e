import { randomUUID } from "node:crypto";
import {
  type Contact,
  ContactSchema,
  GroupInfoSchema,
  type GroupMember,
  GroupMemberSchema,
  type PickerUser,
} from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  createGroup,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";
import { clearGroupMessages } from "../messages/group-chats.repository.js";
import { countMembersUpTo } from "./membership.repository.js";

/*
 * Issue 8, first slice: the enterprise/group/* calls of wire-contract.md §2.5 with SPEC §5
 * and §6 enforced, their events sent to exactly the members, on SQLite and PostgreSQL.
 */
let api: TestApp;
const UUID_A = "5f0c9c1e-3b7a-4d2e-9f1a-2c3b4d5e6f70";

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const call = (path: string, user: TestUser, body: object = {}) =>
  api.post(`/enterprise/group/${path}`, body, { token: user.token });

/** Registered users named "Member 1" … by default. */
const people = <N extends number>(n: N, name = "Member") =>
  registerMany(api, n, name);

/** A group of an owner and members; answers its number and contact id. */
async function makeGroup(
  owner: TestUser,
  members: TestUser[],
  name = "Team",
): Promise<{ groupId: number; id: string; contact: Contact }> {
  const made = await createGroup(api, owner, members, name);
  const contact = ContactSchema.parse(made.data);
  return { groupId: made.groupId, id: made.id, contact };
}

async function membersOf(user: TestUser, id: string): Promise<GroupMember[]> {
  const res = await call("groupuserlist", user, { group_id: id });
  expect(res.code, res.msg).toBe(0);
  return (res.data as unknown[]).map((m) => GroupMemberSchema.parse(m));
}

async function contactsOf(user: TestUser): Promise<Contact[]> {
  const res = await api.post(
    "/enterprise/im/getContacts",
    {},
    {
      token: user.token,
    },
  );
  expect(res.code).toBe(0);
  return res.data as Contact[];
}

async function socketOf(user: TestUser): Promise<TestSocket> {
  const socket = await openSocket(api.url);
  await socket.bind(user.token);
  return socket;
}

async function withChatInfo(
  patch: Record<string, string>,
  body: () => Promise<void>,
): Promise<void> {
  const chatInfo = (await api.services.system.config()).chatInfo;
  // Written behind the service's back: it is told to read the rows again.
  const write = async (value: object) => {
    await api.db
      .updateTable("config")
      .set({ value: JSON.stringify(value) })
      .where("name", "=", "chatInfo")
      .execute();
    api.services.system.forgetConfig();
  };
  await write({ ...chatInfo, ...patch });
  try {
    await body();
  } finally {
    await write(chatInfo);
  }
}

/** Rows of the group tables, to show a refused call changed nothing. */
async function snapshot(groupId: number) {
  // The avatar is redrawn in the background after membership changes: let it settle.
  await api.services.jobs.whenIdle();
  const [group, members, messages] = await Promise.all([
    api.db
      .selectFrom("groups")
      .selectAll()
      .where("group_id", "=", groupId)
      .execute(),
    api.db
      .selectFrom("group_members")
      .selectAll()
      .where("group_id", "=", groupId)
      .orderBy("user_id")
      .execute(),
    api.db
      .selectFrom("messages")
      .select("msg_id")
      .where("conversation_id", "=", `group-${groupId}`)
      .execute(),
  ]);
  return { group, members, messages };
}

describe("creating a group", () => {
  it("answers the owner's contact and tells each member live, with a line in the chat", async () => {
    const [owner, ann, ben] = await people(3);
    const annSocket = await socketOf(ann);
    const ownerOther = await socketOf(owner);
    const { id, contact } = await makeGroup(owner, [ann, ben], "Launch team");
    expect(contact).toMatchObject({
      id,
      displayName: "Launch team",
      is_group: 1,
      role: 1,
      owner_id: owner.userId,
      account: id,
      is_online: 1,
      setting: { manage: "0", invite: "1", nospeak: "0" },
    });
    expect(id).toMatch(/^group-\d+$/);

    const pushed = await annSocket.next("addGroup");
    expect(ContactSchema.parse(pushed.data)).toMatchObject({
      id,
      role: 3,
      unread: 1,
      lastContent: expect.stringContaining("创建了群聊") as unknown,
    });
    const line = await annSocket.next("group");
    expect(line.data).toMatchObject({
      type: "event",
      toContactId: id,
      is_group: 1,
      extends: { event: "created" },
    });
    await ownerOther.next("addGroup", (f) => (f.data as Contact).role === 1);

    // The group is in every member's list, with its last line; unread for the others only.
    const annList = await contactsOf(ann);
    expect(annList.find((c) => c.id === id)).toMatchObject({
      unread: 1,
      role: 3,
      type: "event",
      lastEvent: { event: "created", actor: "Member 1" },
    });
    const ownerList = await contactsOf(owner);
    expect(ownerList.find((c) => c.id === id)).toMatchObject({
      unread: 0,
      role: 1,
    });
    const members = await membersOf(ben, id);
    expect(members.map((m) => [m.user_id, m.role])).toEqual([
      [owner.userId, 1],
      [ann.userId, 3],
      [ben.userId, 3],
    ]);
    await annSocket.close();
    await ownerOther.close();
  });

  it.each([
    ["a one-character name", { name: "A" }, "group.nameLength"],
    ["a 21-character name", { name: "x".repeat(21) }, "group.nameLength"],
    ["a name of spaces", { name: "   " }, "group.nameLength"],
  ])("refuses %s", async (_label, patch, key) => {
    const [owner, a, b] = await people(3);
    const before = await api.db
      .selectFrom("groups")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await call("add", owner, {
      user_ids: [a.userId, b.userId],
      ...patch,
    });
    expect(res.code).not.toBe(0);
    expect(res.key).toBe(key);
    const after = await api.db
      .selectFrom("groups")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("needs two others besides the creator, counted once each", async () => {
    const [owner, a] = await people(2);
    for (const user_ids of [
      [],
      [a.userId],
      [a.userId, a.userId, owner.userId],
    ]) {
      const res = await call("add", owner, { name: "Pair", user_ids });
      expect(res.key).toBe("group.tooFew");
    }
  });

  it("refuses unknown or disabled people as a whole, writing nothing", async () => {
    const [owner, a, b] = await people(3);
    await api.db
      .updateTable("users")
      .set({ status: 0 })
      .where("user_id", "=", b.userId)
      .execute();
    await api.services.accounts.sessions.userChanged(b.userId);
    const countGroups = async () =>
      (
        await api.db
          .selectFrom("groups")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await countGroups();
    for (const user_ids of [
      [a.userId, b.userId],
      [a.userId, 987_654],
    ]) {
      const res = await call("add", owner, { name: "Team", user_ids });
      expect(res.key).toBe("group.userNotFound");
    }
    expect(await countGroups()).toBe(before);
  });

  it("is refused when group chat is off, and past groupUserMax", async () => {
    const [owner, a, b, c] = await people(4);
    await withChatInfo({ groupChat: "0" }, async () => {
      const res = await call("add", owner, {
        name: "Team",
        user_ids: [a.userId, b.userId],
      });
      expect(res.key).toBe("group.disabled");
    });
    await withChatInfo({ groupUserMax: "3" }, async () => {
      const res = await call("add", owner, {
        name: "Team",
        user_ids: [a.userId, b.userId, c.userId],
      });
      expect(res.key).toBe("group.full");
      expect(res.msg).toContain("3");
      const { id } = await makeGroup(owner, [a, b]);
      const more = await call("addGroupUser", owner, {
        id,
        user_ids: [c.userId],
      });
      expect(more.key).toBe("group.full");
    });
  });

  it("holds a non-administrator to their group_limit", async () => {
    const [owner, a, b] = await people(3);
    await api.db
      .updateTable("users")
      .set({ group_limit: 1 })
      .where("user_id", "=", owner.userId)
      .execute();
    await makeGroup(owner, [a, b]);
    const res = await call("add", owner, {
      name: "Second",
      user_ids: [a.userId, b.userId],
    });
    expect(res.key).toBe("group.limitReached");
  });
});

describe("a group the caller is not in answers exactly like a missing one", () => {
  it.each([
    ["groupInfo", (id: string) => ({ group_id: id })],
    ["groupuserlist", (id: string) => ({ group_id: id })],
    ["getAllUser", (id: string) => ({ group_id: id })],
    ["editGroupName", (id: string) => ({ id, displayName: "Mine now" })],
    ["addGroupUser", (id: string) => ({ id, user_ids: [1] })],
    ["removeUser", (id: string) => ({ id, user_id: 1 })],
    ["setManager", (id: string) => ({ id, user_id: 1, role: 2 })],
    ["changeOwner", (id: string) => ({ id, user_id: 1 })],
    ["removeGroup", (id: string) => ({ id })],
    ["groupSetting", (id: string) => ({ id, setting: { invite: "0" } })],
    ["setNoSpeak", (id: string) => ({ id, user_id: 1, noSpeakTimer: 1 })],
  ])("%s", async (path, body) => {
    const [owner, a, b, stranger] = await people(4);
    const { id, groupId } = await makeGroup(owner, [a, b]);
    const before = await snapshot(groupId);
    const foreign = await call(path, stranger, body(id));
    const missing = await call(path, stranger, body("group-987654"));
    expect(foreign.code).not.toBe(0);
    expect(foreign).toEqual(missing);
    expect(foreign.key).toBe("group.notFound");
    expect(await snapshot(groupId)).toEqual(before);
  });

  it("a disbanded group answers like a missing one to its former members", async () => {
    const [owner, a, b] = await people(3);
    const { id } = await makeGroup(owner, [a, b]);
    expect((await call("removeGroup", owner, { id })).code).toBe(0);
    const gone = await call("groupInfo", a, { group_id: id });
    const missing = await call("groupInfo", a, { group_id: "group-987654" });
    expect(gone).toEqual(missing);
  });
});

describe("the role ladder", () => {
  async function ladder() {
    const [owner, admin, admin2, member, member2] = await people(5, "Ladder");
    const group = await makeGroup(owner, [admin, admin2, member, member2]);
    for (const user of [admin, admin2]) {
      const res = await call("setManager", owner, {
        id: group.id,
        user_id: user.userId,
        role: 2,
      });
      expect(res.code, res.msg).toBe(0);
    }
    return { owner, admin, admin2, member, member2, ...group };
  }

  it("renaming: owner and administrators, not members; the group hears it", async () => {
    const { owner, admin, member, id } = await ladder();
    const memberSocket = await socketOf(member);
    expect(
      (await call("editGroupName", member, { id, displayName: "Nope" })).key,
    ).toBe("group.noPermission");
    const res = await call("editGroupName", admin, {
      id,
      displayName: "Renamed",
    });
    expect(res.code, res.msg).toBe(0);
    const event = await memberSocket.next("editGroupName");
    expect(event.data).toEqual({
      id,
      displayName: "Renamed",
      editUserName: "Ladder 2",
    });
    const info = await call("groupInfo", owner, { group_id: id });
    expect(GroupInfoSchema.parse(info.data)).toMatchObject({
      name: "Renamed",
      groupUserCount: 5,
      isJoin: 1,
      ownerName: "Ladder 1",
    });
    await memberSocket.close();
  });

  it("only the owner sets administrators, settings, transfers and disbands", async () => {
    const { admin, member, member2, id, groupId } = await ladder();
    const before = await snapshot(groupId);
    for (const [path, body] of [
      ["setManager", { id, user_id: member2.userId, role: 2 }],
      ["groupSetting", { id, setting: { invite: "0" } }],
      ["changeOwner", { id, user_id: member2.userId }],
      ["removeGroup", { id }],
    ] as const) {
      for (const user of [admin, member]) {
        const res = await call(path, user, body);
        expect(res.key, `${path} by ${user.account}`).toBe(
          "group.noPermission",
        );
      }
    }
    expect(await snapshot(groupId)).toEqual(before);
  });

  it("removal: an administrator removes members but not the owner or another administrator", async () => {
    const { owner, admin, admin2, member, member2, id } = await ladder();
    const removedSocket = await socketOf(member2);
    for (const target of [owner, admin2]) {
      expect(
        (await call("removeUser", admin, { id, user_id: target.userId })).key,
      ).toBe("group.noPermission");
    }
    expect(
      (await call("removeUser", member, { id, user_id: member2.userId })).key,
    ).toBe("group.noPermission");
    const res = await call("removeUser", admin, {
      id,
      user_id: member2.userId,
    });
    expect(res.code, res.msg).toBe(0);
    expect((await removedSocket.next("removeUser")).data).toMatchObject({
      group_id: id,
      user_id: member2.userId,
    });
    // Removed: no more events, and the group answers like a missing one.
    const memberSocket = await socketOf(member);
    await call("editGroupName", owner, { id, displayName: "After" });
    await memberSocket.next("editGroupName");
    await memberSocket.close();
    expect(removedSocket.all("editGroupName")).toEqual([]);
    expect((await call("groupInfo", member2, { group_id: id })).key).toBe(
      "group.notFound",
    );
    expect(
      (await contactsOf(member2)).find((c) => c.id === id),
    ).toBeUndefined();
    expect(
      (await call("removeUser", admin, { id, user_id: 987_654 })).key,
    ).toBe("group.memberNotFound");
    await removedSocket.close();
  });

  it("leaving: a member may, the owner must transfer first", async () => {
    const { owner, member, id } = await ladder();
    expect(
      (await call("removeUser", owner, { id, user_id: owner.userId })).key,
    ).toBe("group.ownerMustTransfer");
    expect(
      (await call("removeUser", member, { id, user_id: member.userId })).code,
    ).toBe(0);
    expect(
      (await membersOf(owner, id)).some((m) => m.user_id === member.userId),
    ).toBe(false);
  });

  it("mutes: managers mute those below them for presets or custom days; nobody mutes the owner", async () => {
    const { owner, admin, admin2, member, id } = await ladder();
    expect(
      (
        await call("setNoSpeak", admin, {
          id,
          user_id: owner.userId,
          noSpeakTimer: 1,
        })
      ).key,
    ).toBe("group.noPermission");
    expect(
      (
        await call("setNoSpeak", admin, {
          id,
          user_id: admin2.userId,
          noSpeakTimer: 1,
        })
      ).key,
    ).toBe("group.noPermission");
    expect(
      (
        await call("setNoSpeak", member, {
          id,
          user_id: admin.userId,
          noSpeakTimer: 1,
        })
      ).key,
    ).toBe("group.noPermission");

    const socket = await socketOf(member);
    const now = api.clock.now();
    const muteFor = async (body: object) => {
      const res = await call("setNoSpeak", admin, {
        id,
        user_id: member.userId,
        ...body,
      });
      const row = (await membersOf(owner, id)).find(
        (m) => m.user_id === member.userId,
      );
      return { res, until: row?.no_speak_time ?? -1 };
    };
    const minute = 60;
    for (const [timer, seconds] of [
      [1, 10 * minute],
      [2, 60 * minute],
      [3, 180 * minute],
      [4, 1440 * minute],
    ] as const) {
      const { res, until } = await muteFor({ noSpeakTimer: timer });
      expect(res.code, res.msg).toBe(0);
      expect(until).toBe(Math.floor((now + seconds * 1000) / 1000));
    }
    const custom = await muteFor({ noSpeakTimer: 0, noSpeakDay: 365 });
    expect(custom.until).toBe(Math.floor((now + 365 * 86_400_000) / 1000));
    for (const bad of [
      { noSpeakTimer: 0, noSpeakDay: 366 },
      { noSpeakTimer: 5 },
      { noSpeakTimer: 0, noSpeakDay: "abc" },
      { noSpeakTimer: 0, noSpeakDay: 0.0001 },
    ]) {
      const { res, until } = await muteFor(bad);
      expect(res.key).toBe("group.muteInvalid");
      expect(until).toBe(custom.until);
    }
    const lifted = await muteFor({ noSpeakTimer: 0, noSpeakDay: 0 });
    expect(lifted.until).toBe(0);
    expect((await socket.next("setNoSpeak")).data).toEqual({
      group_id: id,
      user_id: member.userId,
    });
    await socket.close();
  });

  it("inviting follows the invite switch for members; managers always may; duplicates are harmless", async () => {
    const { owner, admin, member, id } = await ladder();
    const [newcomer, another] = await people(2, "New");
    const newcomerSocket = await socketOf(newcomer);
    const memberSocket = await socketOf(member);
    expect(
      (await call("groupSetting", owner, { id, setting: { invite: "0" } }))
        .code,
    ).toBe(0);
    expect((await memberSocket.next("groupSetting")).data).toMatchObject({
      group_id: id,
      setting: { invite: "0", manage: "0", nospeak: "0" },
    });
    expect(
      (await call("addGroupUser", member, { id, user_ids: [newcomer.userId] }))
        .key,
    ).toBe("group.noPermission");
    const res = await call("addGroupUser", admin, {
      id,
      user_ids: [newcomer.userId, member.userId, newcomer.userId],
    });
    expect(res.code, res.msg).toBe(0);
    expect(
      ContactSchema.parse((await newcomerSocket.next("addGroup")).data),
    ).toMatchObject({ id, role: 3 });
    expect((await memberSocket.next("addGroupUser")).data).toMatchObject({
      group_id: id,
      user_ids: [newcomer.userId],
    });
    // Again: nothing changes, nothing is announced.
    expect(
      (await call("addGroupUser", admin, { id, user_ids: [newcomer.userId] }))
        .code,
    ).toBe(0);
    expect(
      (await membersOf(owner, id)).filter((m) => m.user_id === newcomer.userId),
    ).toHaveLength(1);
    await call("groupSetting", owner, { id, setting: { invite: "1" } });
    expect(
      (await call("addGroupUser", member, { id, user_ids: [another.userId] }))
        .code,
    ).toBe(0);
    expect(
      (
        await call("addGroupUser", owner, {
          id,
          user_ids: Array.from({ length: 21 }, (_, i) => i + 1),
        })
      ).key,
    ).toBe("group.tooManyAtOnce");
    expect(
      (await call("addGroupUser", owner, { id, user_ids: [] })).code,
    ).not.toBe(0);
    await newcomerSocket.close();
    await memberSocket.close();
  });

  it("transfer: the new owner gets role 1, the former owner role 3, and only the new one disbands", async () => {
    const { owner, admin, member, id } = await ladder();
    const socket = await socketOf(member);
    expect(
      (await call("changeOwner", owner, { id, user_id: owner.userId })).key,
    ).toBe("group.memberNotFound");
    expect(
      (await call("changeOwner", owner, { id, user_id: admin.userId })).code,
    ).toBe(0);
    expect((await socket.next("changeOwner")).data).toEqual({
      group_id: id,
      user_id: admin.userId,
    });
    const roles = new Map(
      (await membersOf(member, id)).map((m) => [m.user_id, m.role]),
    );
    expect(roles.get(admin.userId)).toBe(1);
    expect(roles.get(owner.userId)).toBe(3);
    expect((await call("removeGroup", owner, { id })).key).toBe(
      "group.noPermission",
    );
    expect((await call("removeGroup", admin, { id })).code).toBe(0);
    expect((await socket.next("removeGroup")).data).toEqual({
      group_id: id,
      disbanded: 1,
    });
    // Its former members keep it, disbanded, until they remove it (issue 51).
    expect((await contactsOf(member)).find((c) => c.id === id)).toMatchObject({
      disbanded: 1,
    });
    await socket.close();
  });

  it("a transfer and a disband at once leave one consistent state", async () => {
    for (let round = 0; round < 5; round += 1) {
      const [owner, a, b] = await people(3, "Race");
      const { id, groupId } = await makeGroup(owner, [a, b]);
      const [transfer, disband] = await Promise.all([
        call("changeOwner", owner, { id, user_id: a.userId }),
        call("removeGroup", owner, { id }),
      ]);
      const group = await api.db
        .selectFrom("groups")
        .selectAll()
        .where("group_id", "=", groupId)
        .executeTakeFirstOrThrow();
      const members = await api.db
        .selectFrom("group_members")
        .selectAll()
        .where("group_id", "=", groupId)
        .execute();
      if (disband.code === 0) {
        // Disbanded: its members stay as former members (issue 51), one owner among them.
        expect(group.status).toBe(0);
        expect(group.deleted_at).not.toBeNull();
        expect(
          members.filter((m) => m.role === 1).map((m) => m.user_id),
        ).toHaveLength(1);
      } else {
        expect(transfer.code).toBe(0);
        expect(group).toMatchObject({ status: 1, owner_id: a.userId });
        expect(
          members.filter((m) => m.role === 1).map((m) => m.user_id),
        ).toEqual([a.userId]);
      }
      expect(transfer.code === 0 || disband.code === 0).toBe(true);
    }
  });
});

describe("the member picker", () => {
  it("offers active people with the chosen ones disabled, and for a transfer the members but the owner", async () => {
    const [owner, a, b] = await people(3, "Pick");
    const res = await call("getAllUser", owner, { user_ids: [a.userId] });
    expect(res.code).toBe(0);
    const list = res.data as PickerUser[];
    expect(list.find((u) => u.user_id === a.userId)?.disabled).toBe(true);
    expect(list.find((u) => u.user_id === b.userId)?.disabled).toBe(false);
    expect(list.some((u) => u.user_id === owner.userId)).toBe(false);

    const { id } = await makeGroup(owner, [a, b]);
    const transfer = await call("getAllUser", owner, { group_id: id });
    expect(
      (transfer.data as PickerUser[]).map((u) => u.user_id).sort(),
    ).toEqual([a.userId, b.userId].sort());
  });
});

describe("hostile input", () => {
  it.each([
    ["a word as id", { id: "group-abc" }],
    ["a negative id", { id: "-1" }],
    ["a huge id", { id: "group-99999999999999999999" }],
    ["an array as id", { id: ["group-1"] }],
    ["an object as id", { id: { $ne: null } }],
    ["no id", {}],
  ])("refuses %s with an envelope, never a 500", async (_label, body) => {
    const [user] = await people(1);
    const res = await call("removeGroup", user, body);
    expect(res.status).toBe(200);
    expect(res.code).not.toBe(0);
    expect(res.msg).not.toBe("");
  });

  it("refuses members given as objects and role values other than 2 and 3", async () => {
    const [owner, a, b] = await people(3);
    const { id } = await makeGroup(owner, [a, b]);
    for (const body of [
      { id, user_ids: [{ $gt: 0 }] },
      { id, user_ids: "1,2" },
    ]) {
      const res = await call("addGroupUser", owner, body);
      expect(res.code).not.toBe(0);
    }
    for (const role of [1, 0, 4, "admin"]) {
      const res = await call("setManager", owner, {
        id,
        user_id: a.userId,
        role,
      });
      expect(res.code).not.toBe(0);
    }
    expect(
      (await membersOf(owner, id)).find((m) => m.user_id === a.userId)?.role,
    ).toBe(3);
  });
});

describe("group messages", () => {
  const send = (
    user: TestUser,
    id: string,
    content: string,
    extra: object = {},
    clientId: string = randomUUID(),
  ) =>
    api.post(
      "/enterprise/im/sendMessage",
      {
        id: clientId,
        type: "text",
        content,
        toContactId: id,
        is_group: 1,
        ...extra,
      },
      { token: user.token },
    );
  const history = (user: TestUser, id: string, lastId = 0) =>
    api.post(
      "/enterprise/im/getMessageList",
      { toContactId: id, is_group: 1, limit: 10, last_id: lastId },
      { token: user.token },
    );
  const contactIn = async (user: TestUser, id: string) =>
    (await contactsOf(user)).find((c) => c.id === id);

  it("delivers one message to every member's sockets, and to nobody else", async () => {
    const [owner, ann, ben, stranger] = await people(4, "Talk");
    const { id } = await makeGroup(owner, [ann, ben]);
    const sockets = await Promise.all(
      [owner, ann, ben, stranger].map((u) => socketOf(u)),
    );
    const res = await send(ann, id, "hello group");
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      toContactId: id,
      is_group: 1,
      from_user: ann.userId,
      content: "hello group",
    });
    for (const socket of sockets.slice(0, 3)) {
      const pushed = await socket.next(
        "group",
        (f) => (f.data as { content: string }).content === "hello group",
      );
      expect(pushed.data).toMatchObject({ toContactId: id, toUser: id });
    }
    expect(
      sockets[3]
        ?.all("group")
        .filter(
          (f) => (f.data as { content: string }).content === "hello group",
        ),
    ).toEqual([]);
    // The stranger's send answers like a send to a missing group, and stores nothing.
    const count = async () =>
      (
        await api.db
          .selectFrom("messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const foreign = await send(stranger, id, "let me in", {}, UUID_A);
    const missing = await send(
      stranger,
      "group-987654",
      "let me in",
      {},
      UUID_A,
    );
    expect(foreign).toEqual(missing);
    expect(foreign.key).toBe("group.notFound");
    expect(await count()).toBe(before);
    const read = await history(stranger, id);
    expect(read).toEqual(await history(stranger, "group-987654"));
    await Promise.all(sockets.map((s) => s.close()));
  });

  it("counts unread from each member's read position; reading clears it; a retry stores once", async () => {
    const [owner, ann, ben] = await people(3, "Count");
    const { id } = await makeGroup(owner, [ann, ben]);
    expect((await history(ann, id)).code).toBe(0);
    const clientId = randomUUID();
    for (const text of ["one", "two", "three"])
      expect((await send(owner, id, text)).code).toBe(0);
    const first = await send(ben, id, "four", {}, clientId);
    const again = await send(ben, id, "four", {}, clientId);
    // The same message; the group's contact as it stands now (its avatar is drawn meanwhile).
    const withoutChat = (data: unknown) => ({
      ...(data as object),
      contactInfo: undefined,
    });
    expect(withoutChat(again.data)).toEqual(withoutChat(first.data));
    expect(again.data).toMatchObject({ contactInfo: { id } });
    expect((await contactIn(ann, id))?.unread).toBe(4);
    expect((await contactIn(owner, id))?.unread).toBe(1);
    expect(await contactIn(ben, id)).toMatchObject({
      unread: 0,
      lastContent: "four",
    });
    const page = await history(ann, id);
    expect((page.data as { content: string }[]).map((m) => m.content)).toEqual([
      expect.stringContaining("创建了群聊") as unknown,
      "one",
      "two",
      "three",
      "four",
    ]);
    expect((await contactIn(ann, id))?.unread).toBe(0);
    // The same id to another chat is refused, never taken as a retry.
    const { id: other } = await makeGroup(owner, [ann, ben], "Other");
    expect((await send(ben, other, "four", {}, clientId)).key).toBe(
      "message.idReused",
    );
  });

  it("pages older messages by last_id", async () => {
    const [owner, ann, ben] = await people(3, "Page");
    const { id } = await makeGroup(owner, [ann, ben]);
    for (let i = 1; i <= 15; i += 1) await send(owner, id, `m${String(i)}`);
    const newest = (await history(ann, id)).data as {
      content: string;
      msg_id: number;
    }[];
    expect(newest.map((m) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${String(i + 6)}`),
    );
    const older = (await history(ann, id, newest[0]?.msg_id ?? 0)).data as {
      content: string;
    }[];
    expect(older.map((m) => m.content)).toEqual([
      expect.stringContaining("创建了群聊") as unknown,
      "m1",
      "m2",
      "m3",
      "m4",
      "m5",
    ]);
  });

  it("speak restriction: nospeak 1 lets managers speak, nospeak 2 only the owner", async () => {
    const [owner, admin, member] = await people(3, "Quiet");
    const { id } = await makeGroup(owner, [admin, member]);
    await call("setManager", owner, { id, user_id: admin.userId, role: 2 });
    await call("groupSetting", owner, { id, setting: { nospeak: "1" } });
    expect((await send(member, id, "may I?")).key).toBe("group.nospeak");
    expect((await send(admin, id, "admins may")).code).toBe(0);
    await call("groupSetting", owner, { id, setting: { nospeak: "2" } });
    expect((await send(admin, id, "and now?")).key).toBe("group.nospeak");
    expect((await send(owner, id, "owner only")).code).toBe(0);
    await call("groupSetting", owner, { id, setting: { nospeak: "0" } });
    expect((await send(member, id, "everyone again")).code).toBe(0);
  });

  it("a muted member cannot send until the mute ends", async () => {
    const [owner, ann, ben] = await people(3, "Mute");
    const { id } = await makeGroup(owner, [ann, ben]);
    await call("setNoSpeak", owner, {
      id,
      user_id: ann.userId,
      noSpeakTimer: 1,
    });
    const refused = await send(ann, id, "hello?");
    expect(refused.key).toBe("group.muted");
    expect(refused.msg).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    api.clock.advance(10 * 60_000 + 1);
    expect((await send(ann, id, "free again")).code).toBe(0);
  });

  it("with history off a newcomer reads only what came after joining; with it on, everything", async () => {
    const [owner, ann, ben, late, later] = await people(5, "Hist");
    const { id } = await makeGroup(owner, [ann, ben]);
    await send(owner, id, "before anyone new");
    await call("groupSetting", owner, { id, setting: { history: "0" } });
    await call("addGroupUser", owner, { id, user_ids: [late.userId] });
    await send(owner, id, "after late joined");
    const seen = ((await history(late, id)).data as { content: string }[]).map(
      (m) => m.content,
    );
    expect(seen).not.toContain("before anyone new");
    expect(seen).toContain("after late joined");
    expect((await contactIn(late, id))?.unread).toBe(0);
    await call("groupSetting", owner, { id, setting: { history: "1" } });
    await call("addGroupUser", owner, { id, user_ids: [later.userId] });
    const all = ((await history(later, id)).data as { content: string }[]).map(
      (m) => m.content,
    );
    expect(all).toContain("before anyone new");
  });

  it("mentions mark the mentioned members' chats; everyone only from a manager; reading clears it", async () => {
    const [owner, ann, ben, stranger] = await people(4, "At");
    const { id } = await makeGroup(owner, [ann, ben]);
    const sent = await send(ben, id, "@Ann look", {
      at: [String(ann.userId), String(stranger.userId), "0"],
    });
    expect(sent.code).toBe(0);
    // A sent message's mentions are numbers (wire-contract.md §2.9 "Sent message").
    expect((sent.data as { at: number[] }).at).toEqual([ann.userId]);
    expect((await contactIn(ann, id))?.is_at).toBe(1);
    expect((await contactIn(owner, id))?.is_at).toBe(0);
    await send(owner, id, "@all meeting", { at: ["0"] });
    expect((await contactIn(ben, id))?.is_at).toBe(1);
    expect((await contactIn(owner, id))?.is_at).toBe(0);
    // In a page, "everyone" also names the reader, whom old clients look for; not its sender.
    const mentionsOf = async (reader: typeof ben) =>
      (
        (await history(reader, id)).data as { content: string; at: string[] }[]
      ).find((m) => m.content === "@all meeting")?.at;
    expect(await mentionsOf(ben)).toEqual(["0", String(ben.userId)]);
    expect(await mentionsOf(owner)).toEqual(["0"]);
    await api.post(
      "/enterprise/im/setMsgIsRead",
      { toContactId: id, is_group: 1 },
      { token: ann.token },
    );
    expect(await contactIn(ann, id)).toMatchObject({ is_at: 0, unread: 0 });
  });

  it("a removed member can no longer read or send, and gets no more messages", async () => {
    const [owner, ann, ben] = await people(3, "Gone");
    const { id } = await makeGroup(owner, [ann, ben]);
    const socket = await socketOf(ben);
    await call("removeUser", owner, { id, user_id: ben.userId });
    await socket.next("removeUser");
    await send(owner, id, "after ben left");
    await send(ann, id, "really after");
    expect((await history(ben, id)).key).toBe("group.notFound");
    expect((await send(ben, id, "can I?")).key).toBe("group.notFound");
    const texts = socket
      .all("group")
      .map((f) => (f.data as { content: string }).content);
    expect(texts).not.toContain("after ben left");
    await socket.close();
  });
});

describe("notice, clearing and binding", () => {
  it("a manager publishes the notice: an event, and a message that mentions everyone", async () => {
    const [owner, admin, member] = await people(3, "Notice");
    const { id } = await makeGroup(owner, [admin, member]);
    await call("setManager", owner, { id, user_id: admin.userId, role: 2 });
    const socket = await socketOf(member);
    expect((await call("setNotice", member, { id, notice: "mine" })).key).toBe(
      "group.noPermission",
    );
    expect(
      (await call("setNotice", admin, { id, notice: "x".repeat(1001) })).key,
    ).toBe("group.noticeTooLong");
    const res = await call("setNotice", admin, {
      id,
      notice: "Standup at 10 <b>sharp</b>",
    });
    expect(res.code, res.msg).toBe(0);
    expect((await socket.next("setNotice")).data).toEqual({
      group_id: id,
      notice: "Standup at 10 <b>sharp</b>",
    });
    const line = await socket.next("group", (f) =>
      (f.data as { content: string }).content.startsWith("群公告"),
    );
    expect(line.data).toMatchObject({
      type: "text",
      at: ["0"],
      content: "群公告：@所有人 Standup at 10 &lt;b&gt;sharp&lt;/b&gt;",
    });
    const memberContact = (await contactsOf(member)).find((c) => c.id === id);
    expect(memberContact).toMatchObject({
      is_at: 1,
      notice: "Standup at 10 <b>sharp</b>",
      // The line's name and notice, for a client to show it in its reader's language
      // (issue 51 item 16); the text stays for existing clients.
      type: "text",
      lastContent: "群公告：@所有人 Standup at 10 &lt;b&gt;sharp&lt;/b&gt;",
      lastEvent: { event: "notice", notice: "Standup at 10 <b>sharp</b>" },
    });
    expect(line.data).toMatchObject({
      extends: { event: "notice", notice: "Standup at 10 <b>sharp</b>" },
    });
    expect((await contactsOf(admin)).find((c) => c.id === id)?.is_at).toBe(0);
    const info = await call("groupInfo", member, { group_id: id });
    expect((info.data as { notice: string }).notice).toBe(
      "Standup at 10 <b>sharp</b>",
    );
    await socket.close();
  });

  it("the manage setting lets every member edit the notice and the name, and only then (issue 51 item 6)", async () => {
    const [owner, member, other] = await people(3, "Manage");
    const { id } = await makeGroup(owner, [member, other]);
    const settings = (manage: string) =>
      call("groupSetting", owner, {
        id,
        setting: {
          manage,
          invite: "0",
          profile: "1",
          history: "1",
          nospeak: "0",
        },
      });
    expect((await call("setNotice", member, { id, notice: "x" })).key).toBe(
      "group.noPermission",
    );
    expect(
      (await call("editGroupName", member, { id, displayName: "Ours" })).key,
    ).toBe("group.noPermission");
    expect((await settings("1")).code).toBe(0);
    const notice = await call("setNotice", member, {
      id,
      notice: "Lunch at 12",
    });
    expect(notice.code, notice.msg).toBe(0);
    const renamed = await call("editGroupName", member, {
      id,
      displayName: "Ours",
    });
    expect(renamed.code, renamed.msg).toBe(0);
    const info = await call("groupInfo", other, { group_id: id });
    expect(info.data).toMatchObject({ notice: "Lunch at 12" });
    // Back off: members are refused again.
    expect((await settings("0")).code).toBe(0);
    expect((await call("setNotice", member, { id, notice: "y" })).key).toBe(
      "group.noPermission",
    );
  });

  it("the owner or a system administrator clears the records; an administrator of the group may not", async () => {
    const [owner, admin, member, sysadmin] = await people(4, "Clear");
    const { id, groupId } = await makeGroup(owner, [admin, member]);
    await call("setManager", owner, { id, user_id: admin.userId, role: 2 });
    await api.post(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "to be cleared",
        toContactId: id,
      },
      { token: member.token },
    );
    const socket = await socketOf(member);
    expect((await call("clearMessage", admin, { id })).key).toBe(
      "group.noPermission",
    );
    expect((await call("clearMessage", sysadmin, { id })).key).toBe(
      "group.notFound",
    );
    expect((await call("clearMessage", owner, { id })).code).toBe(0);
    expect((await socket.next("clearMessage")).data).toEqual({ group_id: id });
    const left = await api.db
      .selectFrom("messages")
      .select("msg_id")
      .where("conversation_id", "=", `group-${String(groupId)}`)
      .execute();
    expect(left).toEqual([]);
    expect((await contactsOf(admin)).find((c) => c.id === id)).toMatchObject({
      unread: 0,
      lastContent: "",
    });
    await api.db
      .updateTable("users")
      .set({ role: 1 })
      .where("user_id", "=", sysadmin.userId)
      .execute();
    // Written behind the services' backs: they read the user's sessions again.
    await api.services.accounts.sessions.userChanged(sysadmin.userId);
    expect((await call("clearMessage", sysadmin, { id })).code).toBe(0);
    await socket.close();
  });

  it("clears a group in batches: every message it had goes, unread and mentions with them, and one sent afterwards stays", async () => {
    const [owner, member, third] = await people(3, "Batch");
    const { id, groupId } = await makeGroup(owner, [member, third]);
    const send = (content: string) =>
      api.post(
        "/enterprise/im/sendMessage",
        { id: randomUUID(), type: "text", content, toContactId: id },
        { token: owner.token },
      );
    const conversation = `group-${String(groupId)}`;
    const count = async () =>
      (
        await api.db
          .selectFrom("messages")
          .select("msg_id")
          .where("conversation_id", "=", conversation)
          .execute()
      ).length;
    // The group's creation line is a message too.
    const before = await count();
    for (let i = 1; i <= 8; i += 1) expect((await send(`m${i}`)).code).toBe(0);
    expect(await count()).toBe(before + 8);
    expect(
      (await contactsOf(member)).find((c) => c.id === id)?.unread,
    ).toBeGreaterThanOrEqual(8);
    // Three at a time: three deleting transactions and a last, empty one.
    await clearGroupMessages(api.db, groupId, 3);
    expect(await count()).toBe(0);
    // Straight to the repository: the service's clearMessage event, which drops the
    // members' held contact lists, is not sent.
    await api.services.contacts.changed(null);
    expect((await contactsOf(member)).find((c) => c.id === id)).toMatchObject({
      unread: 0,
      lastContent: "",
    });
    expect((await send("after the clearing")).code).toBe(0);
    expect((await contactsOf(member)).find((c) => c.id === id)).toMatchObject({
      unread: 1,
      lastContent: "after the clearing",
    });
    expect(await count()).toBe(1);
  });

  it("bindGroup answers for a member and like a missing group for anyone else", async () => {
    const [owner, a, b, stranger] = await people(4, "Bind");
    const { id } = await makeGroup(owner, [a, b]);
    const bind = (user: TestUser, group_id: string) =>
      api.post(
        "/common/pub/bindGroup",
        { client_id: "0a1b2c3d4e5f60718293", group_id },
        { token: user.token },
      );
    expect((await bind(a, id)).code).toBe(0);
    const foreign = await bind(stranger, id);
    expect(foreign.key).toBe("group.notFound");
    expect(foreign).toEqual(await bind(stranger, "group-987654"));
  });
});

describe("joining by the group QR", () => {
  const tokenOf = async (user: TestUser, id: string) => {
    const info = await call("groupInfo", user, { group_id: id });
    const { qrUrl, qrExpire } = GroupInfoSchema.parse(info.data);
    expect(qrExpire).toMatch(/^\d{1,2}-\d{1,2}$/);
    const match = /\/scan\/g\/([\w.-]+)$/.exec(qrUrl);
    expect(match, qrUrl).not.toBeNull();
    return match?.[1] ?? "";
  };

  it("a valid link joins the group, once, and the members hear of it", async () => {
    const [owner, a, b, newcomer] = await people(4, "Qr");
    const { id, groupId } = await makeGroup(owner, [a, b]);
    const token = await tokenOf(a, id);
    const memberSocket = await socketOf(b);
    const res = await call("joinGroup", newcomer, {
      token,
      group_id: id,
      inviteUid: a.userId,
    });
    expect(res.code, res.msg).toBe(0);
    expect(ContactSchema.parse(res.data)).toMatchObject({ id, role: 3 });
    expect((await memberSocket.next("addGroupUser")).data).toMatchObject({
      group_id: id,
      user_ids: [newcomer.userId],
    });
    expect((await call("joinGroup", newcomer, { token })).code).toBe(0);
    const rows = await api.db
      .selectFrom("group_members")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("user_id", "=", newcomer.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.invited_by).toBe(a.userId);
    await memberSocket.close();
  });

  it("refuses a forged, altered, expired or mismatched link, a departed inviter, a full or disbanded group", async () => {
    const [owner, a, b, c, joiner] = await people(5, "QrBad");
    const { id, groupId } = await makeGroup(owner, [a, b]);
    const token = await tokenOf(a, id);
    const [body, sig] = token.split(".") as [string, string];
    const other = await makeGroup(owner, [a, b], "Other");
    for (const bad of [
      { token: "nonsense" },
      { token: `${body}.${sig.slice(0, -2)}AA` },
      { token, group_id: other.id },
      { token, inviteUid: b.userId },
      { token: await tokenOf(a, other.id), group_id: id },
    ]) {
      const res = await call("joinGroup", joiner, bad);
      expect(res.key).toBe("group.qrInvalid");
    }
    // Full.
    await withChatInfo({ groupUserMax: "3" }, async () => {
      expect((await call("joinGroup", joiner, { token })).key).toBe(
        "group.full",
      );
    });
    // The inviter left: their link no longer works.
    const bToken = await tokenOf(b, id);
    await call("removeUser", b, { id, user_id: b.userId });
    expect((await call("joinGroup", joiner, { token: bToken })).key).toBe(
      "group.qrInvalid",
    );
    // Expired after 7 days.
    api.clock.advance(7 * 24 * 3600 * 1000 + 1);
    expect((await call("joinGroup", joiner, { token })).key).toBe(
      "group.qrInvalid",
    );
    const fresh = await tokenOf(a, id);
    await call("removeGroup", owner, { id });
    expect((await call("joinGroup", c, { token: fresh })).key).toBe(
      "group.notFound",
    );
    const joined = await api.db
      .selectFrom("group_members")
      .select("user_id")
      .where("group_id", "=", groupId)
      .where("user_id", "in", [joiner.userId, c.userId])
      .execute();
    expect(joined).toEqual([]);
  });
});

describe("group read receipts", () => {
  const send = async (user: TestUser, id: string, content: string) => {
    const res = await api.post(
      "/enterprise/im/sendMessage",
      { id: randomUUID(), type: "text", content, toContactId: id },
      { token: user.token },
    );
    expect(res.code, res.msg).toBe(0);
    return res.data as {
      msg_id: number;
      seq: number;
      readCount?: number;
      readTotal?: number;
    };
  };
  const page = async (user: TestUser, id: string) =>
    (
      await api.post(
        "/enterprise/im/getMessageList",
        { toContactId: id, is_group: 1 },
        { token: user.token },
      )
    ).data as { content: string; readCount?: number; readTotal?: number }[];

  it("counts who has read, live for the sender, with names on request", async () => {
    const [owner, ann, ben, cid] = await people(4, "Rr");
    const { id } = await makeGroup(owner, [ann, ben, cid]);
    const ownerSocket = await socketOf(owner);
    const sent = await send(owner, id, "did you read this?");
    const mine = () =>
      page(owner, id).then((list) =>
        list.find((m) => m.content === "did you read this?"),
      );
    // The sender's answer carries the receipt from the start.
    expect(sent).toMatchObject({ readCount: 0, readTotal: 3 });
    expect(await mine()).toMatchObject({ readCount: 0, readTotal: 3 });

    await page(ann, id);
    const live = await ownerSocket.next("groupRead");
    expect(live.data).toMatchObject({ group_id: id, user_id: ann.userId });
    const { from_seq, to_seq } = live.data as {
      from_seq: number;
      to_seq: number;
    };
    expect(from_seq < sent.seq && sent.seq <= to_seq).toBe(true);
    await api.post(
      "/enterprise/im/setMsgIsRead",
      { toContactId: id, is_group: 1 },
      { token: ben.token },
    );
    expect(await mine()).toMatchObject({ readCount: 2, readTotal: 3 });

    const res = await call("readers", owner, { id, msg_id: sent.msg_id });
    expect(res.code, res.msg).toBe(0);
    const split = res.data as {
      read: { id: number }[];
      unread: { id: number }[];
    };
    expect(split.read.map((u) => u.id).sort()).toEqual(
      [ann.userId, ben.userId].sort(),
    );
    expect(split.unread.map((u) => u.id)).toEqual([cid.userId]);
    await ownerSocket.close();
  });

  it("shows receipts to the sender and small-group managers only; members joining later do not count", async () => {
    const [owner, ann, ben, late] = await people(4, "Rs");
    const { id } = await makeGroup(owner, [ann, ben]);
    const sent = await send(ann, id, "from ann");
    // A member sees no counts on another member's message, and may not ask.
    expect(
      (await page(ben, id)).find((m) => m.content === "from ann")?.readCount,
    ).toBeUndefined();
    expect((await call("readers", ben, { id, msg_id: sent.msg_id })).key).toBe(
      "group.noPermission",
    );
    // The owner of a small group may.
    expect(
      (await call("readers", owner, { id, msg_id: sent.msg_id })).code,
    ).toBe(0);
    await call("addGroupUser", owner, { id, user_ids: [late.userId] });
    const counted = (await page(ann, id)).find((m) => m.content === "from ann");
    expect(counted?.readTotal).toBe(2);
    // A message of another group, or none, answers like a missing one.
    const other = await makeGroup(owner, [ann, ben], "Other");
    const elsewhere = await send(ann, other.id, "elsewhere");
    expect(
      (await call("readers", ann, { id, msg_id: elsewhere.msg_id })).key,
    ).toBe("message.notFound");
    expect((await call("readers", ann, { id, msg_id: 987_654_321 })).key).toBe(
      "message.notFound",
    );
  });
});

describe("a group's size, counted only as far as a decision needs", () => {
  it("counts every member up to the limit asked, and no further", async () => {
    const [owner, a, b, c] = await people(4, "Count");
    const { groupId } = await makeGroup(owner, [a, b, c]);
    expect(await countMembersUpTo(api.db, groupId, 500)).toBe(4);
    expect(await countMembersUpTo(api.db, groupId, 4)).toBe(4);
    expect(await countMembersUpTo(api.db, groupId, 2)).toBe(2);
    expect(await countMembersUpTo(api.db, groupId + 100_000, 500)).toBe(0);
  });
});
