import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../../../test/test-db.js";
import {
  recordReply,
  THREAD_REPLIERS_SHOWN,
  threadsRepository,
} from "./threads.repository.js";

/*
 * A thread's unread counts are kept exactly (extensions.md §6, issue 44): checked against
 * a model of the rules over random interleavings of replies, reads, follows and unfollows,
 * and with replies and reads at once, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */

const testDb = useTestDb();
const USERS = 6;
let users: number[] = [];
let nextRoot = 0;

beforeAll(async () => {
  const { db } = testDb();
  const now = Date.now();
  users = [];
  for (let i = 0; i < USERS + 6; i += 1) {
    const row = await db
      .insertInto("users")
      .values({
        account: `threads${String(i)}`,
        realname: `T${String(i)}`,
        password_hash: "x",
        created_at: now,
        updated_at: now,
      })
      .returning("user_id")
      .executeTakeFirstOrThrow();
    users.push(row.user_id);
  }
  await db
    .insertInto("conversations")
    .values({ conversation_id: "threads-test", is_group: 1, created_at: now })
    .execute();
});

/** A new root message in the test's chat, sent by `sender`. */
async function newRoot(sender: number): Promise<number> {
  nextRoot += 1;
  const row = await testDb()
    .db.insertInto("messages")
    .values({
      conversation_id: "threads-test",
      seq: nextRoot,
      client_msg_id: `root-${String(nextRoot)}`,
      from_user: sender,
      to_user: 1,
      content: "root",
      created_at: Date.now(),
    })
    .returning("msg_id")
    .executeTakeFirstOrThrow();
  return row.msg_id;
}

type Op =
  | { kind: "reply"; user: number }
  | { kind: "read"; user: number }
  | { kind: "follow"; user: number }
  | { kind: "unfollow"; user: number };

/** The rules of extensions.md §6 (and threads.repository.ts), as plainly as they read. */
class Model {
  readonly unread = new Map<number, number>();
  count = 0;
  repliers: number[] = [];

  constructor(private readonly rootSender: number) {}

  apply(op: Op): void {
    switch (op.kind) {
      case "reply":
        this.count += 1;
        if (!this.repliers.includes(op.user) && this.repliers.length < 10)
          this.repliers.push(op.user);
        if (this.count === 1 && !this.unread.has(this.rootSender))
          this.unread.set(this.rootSender, 0);
        for (const [user, n] of this.unread)
          if (user !== op.user) this.unread.set(user, n + 1);
        this.unread.set(op.user, 0);
        return;
      case "read":
        if (this.unread.has(op.user)) this.unread.set(op.user, 0);
        return;
      case "follow":
        if (!this.unread.has(op.user)) this.unread.set(op.user, 0);
        return;
      case "unfollow":
        this.unread.delete(op.user);
        return;
    }
  }
}

const anyOp = (): fc.Arbitrary<Op> =>
  fc.record({
    kind: fc.constantFrom("reply", "reply", "read", "follow", "unfollow"),
    user: fc.nat({ max: USERS - 1 }),
  }) as fc.Arbitrary<Op>;

describe("a thread's state", () => {
  it("matches the rules after any interleaving of replies, reads, follows and unfollows", async () => {
    const repo = threadsRepository(testDb().db);
    await fc.assert(
      fc.asyncProperty(fc.array(anyOp(), { maxLength: 30 }), async (ops) => {
        const sender = users[0] ?? 0;
        const root = await newRoot(sender);
        const model = new Model(sender);
        let time = 1_000;
        for (const op of ops) {
          const user = users[op.user] ?? 0;
          const real = { ...op, user };
          model.apply(real);
          time += 1;
          switch (real.kind) {
            case "reply": {
              const { summary, followers } = await repo.recordReply({
                rootMsgId: root,
                rootSender: sender,
                replier: user,
                time,
              });
              // What the pushes are made from is the state after the reply.
              expect(summary.count).toBe(model.count);
              expect(summary.user_ids).toEqual(model.repliers);
              expect(
                new Map(followers.map((f) => [f.user_id, f.unread])),
              ).toEqual(model.unread);
              break;
            }
            case "read":
              await repo.markThreadRead(root, user);
              break;
            case "follow":
              await repo.setFollowing(root, user, true, 0);
              break;
            case "unfollow":
              await repo.setFollowing(root, user, false, 0);
              break;
          }
        }
        for (const user of users.slice(0, USERS)) {
          const following = await repo.followingOf(root, user);
          expect(following?.unread).toBe(model.unread.get(user));
        }
        const summaries = await repo.threadSummaries([root]);
        expect(summaries.get(root)?.count ?? 0).toBe(model.count);
      }),
      { numRuns: 40 },
    );
  });

  it("counts every reply once when replies and reads come at once", async () => {
    const repo = threadsRepository(testDb().db);
    const [sender, reader, idle, ...repliers] = users;
    if (sender === undefined || reader === undefined || idle === undefined)
      throw new Error("users are made first");
    const root = await newRoot(sender);
    await repo.setFollowing(root, idle, true, 0);
    await repo.setFollowing(root, reader, true, 0);
    // Each in a transaction of its own, as a send stores its reply.
    const replies = Array.from({ length: 40 }, (_, i) =>
      testDb()
        .db.transaction()
        .execute((trx) =>
          recordReply(trx, {
            rootMsgId: root,
            rootSender: sender,
            replier: repliers[i % repliers.length] ?? sender,
            time: 2_000 + i,
          }),
        ),
    );
    const reads = Array.from({ length: 10 }, () =>
      repo.markThreadRead(root, reader),
    );
    await Promise.all([...replies, ...reads]);
    expect((await repo.threadSummaries([root])).get(root)?.count).toBe(40);
    // Followed before the first reply, never read nor replied: every reply unread.
    expect((await repo.followingOf(root, idle))?.unread).toBe(40);
    // The root's sender follows from the first reply on, which is unread to them too.
    expect((await repo.followingOf(root, sender))?.unread).toBe(40);
    const reading = await repo.followingOf(root, reader);
    expect(reading?.unread).toBeGreaterThanOrEqual(0);
    expect(reading?.unread).toBeLessThanOrEqual(40);
    // Its last activity is the latest reply's, whatever order they landed in.
    expect((await repo.threadSummaries([root])).get(root)?.lastTime).toBe(
      2_039,
    );
    const summary = (await repo.threadSummaries([root])).get(root);
    expect(summary?.user_ids.length).toBeLessThanOrEqual(THREAD_REPLIERS_SHOWN);
  });

  it("lists a follower's threads latest activity first, a page at a time", async () => {
    const repo = threadsRepository(testDb().db);
    const [sender, follower, replier] = users;
    if (sender === undefined || follower === undefined || replier === undefined)
      throw new Error("users are made first");
    const roots = [
      await newRoot(sender),
      await newRoot(sender),
      await newRoot(sender),
    ];
    const [quiet, busy, none] = roots as [number, number, number];
    await repo.setFollowing(quiet, follower, true, 0);
    await repo.setFollowing(busy, follower, true, 0);
    // A root without replies followed: its own time orders it.
    await repo.setFollowing(none, follower, true, 5_500);
    await repo.recordReply({
      rootMsgId: quiet,
      rootSender: sender,
      replier,
      time: 5_000,
    });
    await repo.recordReply({
      rootMsgId: busy,
      rootSender: sender,
      replier,
      time: 6_000,
    });
    const first = await repo.followedThreads(follower, 0, 2);
    expect(first.rows.map((r) => [r.root_msg_id, r.unread, r.count])).toEqual([
      [busy, 1, 1],
      [none, 0, 0],
    ]);
    const second = await repo.followedThreads(follower, 2, 2);
    // Then the older ones (the earlier tests' threads follow it).
    expect(second.rows[0]?.root_msg_id).toBe(quiet);
    expect(first.total).toBeGreaterThanOrEqual(3);
    await repo.setFollowing(busy, follower, false, 0);
    expect(await repo.followingOf(busy, follower)).toBeUndefined();
    // A deleted root takes its thread with it.
    await testDb()
      .db.deleteFrom("messages")
      .where("msg_id", "=", quiet)
      .execute();
    expect(await repo.followingOf(quiet, follower)).toBeUndefined();
    expect((await repo.threadSummaries([quiet])).size).toBe(0);
  });
});
