import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import { storeDirectMessage, storeGroupMessage } from "./send-batch.js";
import {
  createGroup,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Issue 14, W8: on PostgreSQL the sends of a moment, one-to-one and group, are stored in one
 * statement (messages.repository.ts SendBatch). Sends arriving together, in many
 * conversations and several in one, keep what one statement per send kept: a gapless seq
 * per conversation, msg_id in seq order, both users' views with the right unread count
 * (one-to-one), the sender's read position and every member's unread count (group), and a
 * retried client id answering its first message without failing the sends stored beside
 * it. On SQLite the same sends share a group commit, and the same must hold.
 */

const app = useTestApp();
const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

async function send(from: TestUser, to: TestUser | string, id = randomUUID()) {
  const res = await app().post(
    "/enterprise/im/sendMessage",
    {
      id,
      type: "text",
      content: `from ${from.account}`,
      toContactId: typeof to === "string" ? to : to.userId,
    },
    { token: from.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as { msg_id: number; seq: number; id: string };
}

const conversationOf = (a: TestUser, b: TestUser) =>
  `${String(Math.min(a.userId, b.userId))}-${String(Math.max(a.userId, b.userId))}`;

describe("one-to-one sends stored together", () => {
  it("keep a gapless seq, msg_id in seq order and both views, in every conversation", async () => {
    const users = await registerMany(app(), 12, "Batch");
    // Six pairs; each sends 5 messages at once both ways (10 per conversation).
    const pairs = [0, 2, 4, 6, 8, 10].map((i) => [users[i], users[i + 1]]);
    const sends = pairs.flatMap(([a, b]) => {
      if (!a || !b) throw new Error("twelve users");
      return Array.from({ length: 5 }, () => [send(a, b), send(b, a)]).flat();
    });
    const answers = await Promise.all(sends);
    expect(new Set(answers.map((a) => a.msg_id)).size).toBe(60);

    for (const [a, b] of pairs) {
      if (!a || !b) continue;
      const conversation = conversationOf(a, b);
      const rows = await app()
        .db.selectFrom("messages")
        .select(["msg_id", "seq", "from_user"])
        .where("conversation_id", "=", conversation)
        .orderBy("seq")
        .execute();
      expect(rows.map((r) => r.seq)).toEqual(
        Array.from({ length: 10 }, (_, i) => i + 1),
      );
      const ids = rows.map((r) => r.msg_id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      const last = await app()
        .db.selectFrom("conversations")
        .select(["last_seq", "last_msg_id"])
        .where("conversation_id", "=", conversation)
        .executeTakeFirstOrThrow();
      expect(last).toEqual({ last_seq: 10, last_msg_id: ids.at(-1) });
      const views = await app()
        .db.selectFrom("user_conversations")
        .select(["user_id", "peer_id", "unread"])
        .where("conversation_id", "=", conversation)
        .orderBy("user_id")
        .execute();
      expect(views).toEqual(
        [a, b]
          .map((me) => {
            const peer = me === a ? b : a;
            return {
              user_id: me.userId,
              peer_id: String(peer.userId),
              unread: 5,
            };
          })
          .sort((x, y) => x.user_id - y.user_id),
      );
    }

    if (onPostgres()) {
      // Rows one statement wrote share its transaction id: the sends really went together.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n
        from (select xmin from messages
          where conversation_id in (${sql.join(pairs.map(([a, b]) => (a && b ? conversationOf(a, b) : "")))})
          group by xmin having count(*) > 1) shared`.execute(app().db);
      expect(rows[0]?.n ?? 0).toBeGreaterThan(0);
    }
  });

  it("answers a retried client id with its first message, and stores the sends beside it", async () => {
    const users = await registerMany(app(), 8, "Retry");
    const [alice, bob] = users;
    const clientId = randomUUID();
    const first = await send(alice, bob, clientId);
    // The retry arrives with the sends of three other conversations.
    const others = [2, 4, 6].map((i) => {
      const from = users[i];
      const to = users[i + 1];
      if (!from || !to) throw new Error("eight users");
      return send(from, to);
    });
    const [retry, ...stored] = await Promise.all([
      send(alice, bob, clientId),
      ...others,
    ]);
    expect(retry.msg_id).toBe(first.msg_id);
    expect(stored.every((m) => m.seq === 1)).toBe(true);
    const copies = await app()
      .db.selectFrom("messages")
      .select("msg_id")
      .where("client_msg_id", "=", clientId)
      .execute();
    expect(copies).toHaveLength(1);
    const count = await app()
      .db.selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("conversation_id", "=", conversationOf(alice, bob))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it("store group sends with one-to-one sends: seq, msg_id order, the sender's read position, members' unread", async () => {
    const users = await registerMany(app(), 9, "Mixed");
    const [owner, m1, m2, d1, d2, d3, d4, d5, d6] = users;
    const groups = await Promise.all(
      ["Alpha", "Beta", "Gamma"].map((name) =>
        createGroup(app(), owner, [m1, m2], name),
      ),
    );
    const pairs: [TestUser, TestUser][] = [
      [d1, d2],
      [d3, d4],
      [d5, d6],
    ];
    // Each group gets 4 messages from each of its three members, all at once, beside 4
    // one-to-one messages each way in three conversations.
    const groupSends = groups.flatMap((g) =>
      [owner, m1, m2].flatMap((from) =>
        Array.from({ length: 4 }, () => send(from, g.id)),
      ),
    );
    const directSends = pairs.flatMap(([a, b]) =>
      Array.from({ length: 4 }, () => [send(a, b), send(b, a)]).flat(),
    );
    const answers = await Promise.all([...groupSends, ...directSends]);
    expect(new Set(answers.map((a) => a.msg_id)).size).toBe(36 + 24);

    for (const g of groups) {
      const rows = await app()
        .db.selectFrom("messages")
        .select(["msg_id", "seq", "from_user", "is_group"])
        .where("conversation_id", "=", g.id)
        .where("type", "=", "text")
        .orderBy("seq")
        .execute();
      expect(rows).toHaveLength(12);
      const seqs = rows.map((r) => r.seq);
      // The group's own event lines (created, joined) come first: text follows gaplessly.
      expect(seqs).toEqual(
        Array.from({ length: 12 }, (_, i) => (seqs[0] ?? 0) + i),
      );
      const ids = rows.map((r) => r.msg_id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(rows.every((r) => r.is_group === 1)).toBe(true);
      const last = await app()
        .db.selectFrom("conversations")
        .select(["last_seq", "last_msg_id", "is_group"])
        .where("conversation_id", "=", g.id)
        .executeTakeFirstOrThrow();
      expect(last).toEqual({
        last_seq: seqs.at(-1),
        last_msg_id: ids.at(-1),
        is_group: 1,
      });
      // Each member has read up to their own last message, and the list counts the rest.
      for (const member of [owner, m1, m2]) {
        const own = rows.filter((r) => r.from_user === member.userId).at(-1);
        const view = await app()
          .db.selectFrom("user_conversations")
          .select("last_read_seq")
          .where("user_id", "=", member.userId)
          .where("conversation_id", "=", g.id)
          .executeTakeFirstOrThrow();
        expect(view.last_read_seq).toBe(own?.seq);
        const contacts = await app().post(
          "/enterprise/im/getContacts",
          {},
          { token: member.token },
        );
        const entry = (
          contacts.data as { id: string | number; unread: number }[]
        ).find((c) => c.id === g.id);
        expect(entry?.unread).toBe((seqs.at(-1) ?? 0) - (own?.seq ?? 0));
      }
    }
    for (const [a, b] of pairs) {
      const rows = await app()
        .db.selectFrom("messages")
        .select(["seq", "is_group"])
        .where("conversation_id", "=", conversationOf(a, b))
        .orderBy("seq")
        .execute();
      expect(rows.map((r) => [r.seq, r.is_group])).toEqual(
        Array.from({ length: 8 }, (_, i) => [i + 1, 0]),
      );
    }
  });

  it("store a group send and a one-to-one send of the same moment in one statement (PostgreSQL)", async () => {
    const [owner, m1, m2, a, b] = await registerMany(app(), 5, "OneStatement");
    const { groupId } = await createGroup(app(), owner, [m1, m2]);
    const db = app().db;
    const now = () => Date.now();
    // Both handed over in one turn of the event loop, as two requests read together are.
    const [inGroup, direct] = await Promise.all([
      storeGroupMessage(
        db,
        {
          groupId,
          clientMsgId: randomUUID(),
          fromUser: owner.userId,
          type: "text",
          content: "to the group",
          at: [],
          pid: null,
          extends: {},
        },
        now,
      ),
      storeDirectMessage(
        db,
        {
          conversationId: conversationOf(a, b),
          clientMsgId: randomUUID(),
          fromUser: a.userId,
          toUser: b.userId,
          type: "text",
          content: "to b",
          pid: null,
        },
        now,
      ),
    ]);
    expect([inGroup.is_group, direct.is_group]).toEqual([1, 0]);
    if (!onPostgres()) return;
    // Written by one statement: one transaction id for both rows.
    const { rows } = await sql<{ tx: string }>`select distinct xmin::text as tx
      from messages where msg_id in (${inGroup.msg_id}, ${direct.msg_id})`.execute(
      db,
    );
    expect(rows).toHaveLength(1);
  });

  it("answers a retried group send with its first message, and stores the sends beside it", async () => {
    const [owner, m1, a, b] = await registerMany(app(), 4, "GroupRetry");
    const group = await createGroup(app(), owner, [m1, a]);
    const clientId = randomUUID();
    const first = await send(owner, group.id, clientId);
    const [retry, beside, direct] = await Promise.all([
      send(owner, group.id, clientId),
      send(m1, group.id),
      send(a, b),
    ]);
    expect(retry.msg_id).toBe(first.msg_id);
    expect(beside.seq).toBe(first.seq + 1);
    expect(direct.seq).toBe(1);
    const copies = await app()
      .db.selectFrom("messages")
      .select("msg_id")
      .where("client_msg_id", "=", clientId)
      .execute();
    expect(copies).toHaveLength(1);
  });
});
