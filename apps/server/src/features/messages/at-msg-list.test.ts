import { randomUUID } from "node:crypto";
import {
  AT_MSG_LIST_MAX,
  type AtMsgList,
  AtMsgListSchema,
  ContactSchema,
} from "@parley/protocol";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { registerMany, type TestUser } from "../../../test/factories.js";
import { createTestDb } from "../../../test/test-db.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";
import { migrateToLatest } from "../../db/database.js";

/*
 * Issue 8: `atMsgList` (wire-contract.md §3.6). Opening a group's chat (the first page of
 * getMessageList) pushes to the reader's own sockets the messages mentioning them, or
 * everyone, that they had not read — newest first, at most 20, with the total.
 */
let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const people = <N extends number>(n: N, name: string) =>
  registerMany(api, n, name);

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("missing test value");
  return value;
}

async function makeGroup(
  owner: TestUser,
  members: TestUser[],
): Promise<string> {
  const res = await api.post(
    "/enterprise/group/add",
    { name: "Mentions", user_ids: members.map((m) => m.userId) },
    { token: owner.token },
  );
  expect(res.code, res.msg).toBe(0);
  return String(ContactSchema.parse(res.data).id);
}

/** Sends a group text mentioning `at`; answers its msg_id. */
async function send(
  user: TestUser,
  id: string,
  content: string,
  at: number[] = [],
): Promise<number> {
  const res = await api.post(
    "/enterprise/im/sendMessage",
    {
      id: randomUUID(),
      type: "text",
      content,
      toContactId: id,
      is_group: 1,
      at,
    },
    { token: user.token },
  );
  expect(res.code, res.msg).toBe(0);
  return (res.data as { msg_id: number }).msg_id;
}

const open = (user: TestUser, id: string, extra: object = {}) =>
  api.post(
    "/enterprise/im/getMessageList",
    { toContactId: id, is_group: 1, limit: 10, last_id: 0, ...extra },
    { token: user.token },
  );

async function socketOf(user: TestUser): Promise<TestSocket> {
  const socket = await openSocket(api.url);
  await socket.bind(user.token);
  return socket;
}

/** The next atMsgList on a socket, parsed. */
async function nextList(socket: TestSocket): Promise<AtMsgList> {
  return AtMsgListSchema.parse((await socket.next("atMsgList")).data);
}

describe("atMsgList", () => {
  it("goes to the reader only, with what mentions them or everyone and they had not read", async () => {
    const [owner, ann, ben] = await people(3, "At");
    const id = await makeGroup(owner, [ann, ben]);
    const [ownerSocket, annSocket, annOther, benSocket] = await Promise.all([
      socketOf(owner),
      socketOf(ann),
      socketOf(ann),
      socketOf(ben),
    ]);
    const toAnn = await send(owner, id, "for @ann", [ann.userId]);
    await send(owner, id, "for @ben", [ben.userId]);
    const toAll = await send(owner, id, "@all", [0]);
    await send(owner, id, "no one");
    expect((await open(ben, id)).code).toBe(0);
    const forBen = await nextList(benSocket);
    expect(forBen.list.map((m) => m.content)).toEqual(["@all", "for @ben"]);
    // A member may not mention everyone: only Ann stays mentioned.
    const fromBen = await send(ben, id, "also @ann, and @all", [ann.userId, 0]);

    expect((await open(ann, id)).code).toBe(0);
    for (const socket of [annSocket, annOther]) {
      const pushed = await nextList(socket);
      expect(pushed.toContactId).toBe(id);
      expect(pushed.count).toBe(3);
      expect(pushed.list.map((m) => m.msg_id)).toEqual([fromBen, toAll, toAnn]);
      expect(pushed.list[0]).toMatchObject({
        toContactId: id,
        is_group: 1,
        from_user: ben.userId,
        content: "also @ann, and @all",
        at: [String(ann.userId)],
        fromUser: { user_id: ben.userId, realname: "At 3" },
      });
    }

    // The owner then opens theirs: each socket's first atMsgList is its own.
    expect((await open(owner, id)).code).toBe(0);
    // The owner's own @all is not a mention of the owner.
    expect(await nextList(ownerSocket)).toEqual({
      list: [],
      count: 0,
      toContactId: id,
    });
    for (const socket of [ownerSocket, benSocket])
      expect(socket.all("atMsgList")).toHaveLength(1);
    expect(annSocket.all("atMsgList")).toHaveLength(1);

    // What Ann read is not pushed again; what came since is.
    expect((await open(ann, id)).code).toBe(0);
    expect((await nextList(annSocket)).count).toBe(0);
    const later = await send(ben, id, "@ann again", [ann.userId]);
    expect((await open(ann, id)).code).toBe(0);
    const again = await nextList(annSocket);
    expect(again.count).toBe(1);
    expect(again.list.map((m) => m.msg_id)).toEqual([later]);
    await Promise.all(
      [ownerSocket, annSocket, annOther, benSocket].map((s) => s.close()),
    );
  });

  it("lists the newest 20 and counts them all", async () => {
    const [owner, ann, ben] = await people(3, "Many");
    const id = await makeGroup(owner, [ann, ben]);
    const sent: number[] = [];
    for (let i = 0; i < AT_MSG_LIST_MAX + 5; i += 1)
      sent.push(await send(owner, id, `@ann ${i}`, [ann.userId]));
    const socket = await socketOf(ann);
    expect((await open(ann, id)).code).toBe(0);
    const pushed = await nextList(socket);
    expect(pushed.count).toBe(AT_MSG_LIST_MAX + 5);
    expect(pushed.list.map((m) => m.msg_id)).toEqual(
      sent.slice(-AT_MSG_LIST_MAX).reverse(),
    );
    await socket.close();
  });

  it("comes only with the first page of the chat, not older pages or the history panel", async () => {
    const [owner, ann, ben] = await people(3, "Page");
    const id = await makeGroup(owner, [ann, ben]);
    const mention = await send(owner, id, "@ann", [ann.userId]);
    const socket = await socketOf(ann);
    expect((await open(ann, id, { last_id: mention })).code).toBe(0);
    expect((await open(ann, id, { type: "all", page: 1 })).code).toBe(0);
    expect((await open(ann, id)).code).toBe(0);
    // The first atMsgList is the first page's, and it still has the mention (unread).
    const pushed = await nextList(socket);
    expect(pushed.list.map((m) => m.msg_id)).toEqual([mention]);
    expect((await open(ann, id, { page: 2 })).code).toBe(0);
    expect((await open(ann, id)).code).toBe(0);
    expect((await nextList(socket)).count).toBe(0);
    expect(socket.all("atMsgList")).toHaveLength(2);
    await socket.close();
  });

  it("is never pushed for a group the reader is not in, which answers like a missing one", async () => {
    const [owner, ann, ben, stranger] = await people(4, "Out");
    const id = await makeGroup(owner, [ann, ben]);
    await send(owner, id, "@all", [0]);
    const socket = await socketOf(stranger);
    const foreign = await open(stranger, id);
    expect(foreign.key).toBe("group.notFound");
    expect(foreign).toEqual(await open(stranger, "group-987654"));
    // A group of the stranger's own, opened next: its atMsgList is the first they get.
    const own = await makeGroup(stranger, [ann, ben]);
    expect((await open(stranger, own)).code).toBe(0);
    expect((await nextList(socket)).toContactId).toBe(own);
    expect(socket.all("atMsgList")).toHaveLength(1);
    await socket.close();
  });
});

describe("the mentions migration", () => {
  it("copies the mentions of group messages stored before it", async () => {
    const testDb = await createTestDb({ upTo: "0003_groups" });
    const { db } = testDb;
    try {
      const now = Date.now();
      const ids: number[] = [];
      for (const account of ["m1", "m2", "m3"]) {
        const { rows } = await sql<{ user_id: number }>`
          insert into users (account, realname, password_hash, created_at, updated_at)
          values (${account}, ${account}, 'x', ${now}, ${now}) returning user_id`.execute(
          db,
        );
        ids.push(Number(rows[0]?.user_id));
      }
      const [a, b, c] = [must(ids[0]), must(ids[1]), must(ids[2])];
      await sql`insert into conversations (conversation_id, is_group, created_at)
        values ('group-1', 1, ${now})`.execute(db);
      const rows: [number, number, string][] = [
        [1, a, `${String(b)},${String(c)}`],
        [2, b, `${String(b)},0,${String(c)}`],
        [3, a, ""],
      ];
      for (const [seq, from, at] of rows)
        await sql`insert into messages
          (conversation_id, seq, client_msg_id, from_user, to_user, is_group, content, at, created_at)
          values ('group-1', ${seq}, ${randomUUID()}, ${from}, 1, 1, 'x', ${at}, ${now})`.execute(
          db,
        );
      await migrateToLatest(db, testDb.schema);
      const copied = await db
        .selectFrom("message_mentions")
        .select(["seq", "user_id", "conversation_id"])
        .orderBy("seq")
        .orderBy("user_id")
        .execute();
      expect(copied.map((r) => [r.seq, r.user_id, r.conversation_id])).toEqual([
        [1, b, "group-1"],
        [1, c, "group-1"],
        // Everyone covers each member (and the sender is never their own mention).
        [2, 0, "group-1"],
      ]);
    } finally {
      await db.destroy();
      await testDb.drop();
    }
  });
});

describe("getMessageList is_at=1 (wire-contract.md §5.4, the message manager)", () => {
  it("answers the group's messages that mention me or everyone, oldest first, and reads the group", async () => {
    const [owner, ann, ben] = await people(3, "AtList");
    const id = await makeGroup(owner, [ann, ben]);
    const forAnn = await send(owner, id, "ann, look", [ann.userId]);
    await send(owner, id, "nobody named");
    const forAll = await send(owner, id, "everyone, look", [0]);
    await send(ann, id, "my own, naming me", [ann.userId]);

    const mine = await open(ann, id, { is_at: 1, type: "all" });
    expect(mine.code, mine.msg).toBe(0);
    expect((mine.data as { msg_id: number }[]).map((m) => m.msg_id)).toEqual([
      forAnn,
      forAll,
    ]);
    expect(mine.count).toBe(2);
    const bens = await open(ben, id, { is_at: 1 });
    expect((bens.data as { msg_id: number }[]).map((m) => m.msg_id)).toEqual([
      forAll,
    ]);
    // Read with it: nothing of the group is unread for Ann any more.
    const contacts = await api.post(
      "/enterprise/im/getContacts",
      {},
      { token: ann.token },
    );
    const group = (
      contacts.data as { id: unknown; unread: number; is_at: number }[]
    ).find((c) => c.id === id);
    expect(group).toMatchObject({ unread: 0, is_at: 0 });
    // Someone outside the group is answered as for a group that does not exist.
    const [stranger] = await people(1, "AtStranger");
    const refused = await open(must(stranger), id, { is_at: 1 });
    const missing = await open(must(stranger), "group-99999999", { is_at: 1 });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe(missing.msg);
  });
});
