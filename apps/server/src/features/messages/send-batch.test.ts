import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import { registerMany, type TestUser } from "../../../test/factories.js";

/*
 * Issue 14, W8: on PostgreSQL the one-to-one sends of a moment are stored in one statement
 * (messages.repository.ts DirectBatch). Sends arriving together, in many conversations and
 * several in one, keep what one statement per send kept: a gapless seq per conversation,
 * msg_id in seq order, both users' views with the right unread count, and a retried
 * client id answering its first message without failing the sends stored beside it. On
 * SQLite the same sends share a group commit, and the same must hold.
 */

const app = useTestApp();
const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

async function send(from: TestUser, to: TestUser, id = randomUUID()) {
  const res = await app().post(
    "/enterprise/im/sendMessage",
    {
      id,
      type: "text",
      content: `from ${from.account}`,
      toContactId: to.userId,
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
});
