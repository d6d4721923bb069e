import { randomUUID } from "node:crypto";
import {
  type Message,
  MessageSchema,
  type Reaction,
  ReactionLimits,
} from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestApp,
  startTwoProcesses,
  type TestApp,
} from "../../../test/build-test-app.js";
import {
  createGroup,
  loginAdmin,
  registerAndLogin,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";
import { chatHelpers } from "../../../test/chat.js";
import { usersInReactionOrder } from "./reactions.repository.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";

/*
 * Issue 43 item 1, the server (extensions.md §1): reactions. Every refusal is checked to
 * change nothing; every change to reach exactly the sockets that show the message, as
 * each files it; every message a client receives to carry its reactions.
 */

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const {
  post,
  sendText: send,
  shownMessage: shown,
  boundSocket: socketOf,
} = chatHelpers(() => api);

async function react(user: TestUser, id: string, emoji: string) {
  return post(user, "im/react", { id, emoji });
}

async function unreact(user: TestUser, id: string, emoji: string) {
  return post(user, "im/unreact", { id, emoji });
}

/** The reactions stored for a message, as rows. */
async function stored(msgId: number) {
  return api.db
    .selectFrom("message_reactions")
    .select(["user_id", "emoji"])
    .where("msg_id", "=", msgId)
    .orderBy("reaction_id")
    .execute();
}

/**
 * A socket got no `reaction` frame before a barrier message sent to it afterwards: frames
 * reach one socket in order, so a reaction meant for it would have come first.
 */
async function noReaction(socket: TestSocket, user: TestUser): Promise<void> {
  const stranger = await registerAndLogin(api);
  const barrier = await send(stranger, user.userId, "barrier");
  await socket.next("simple", (f) => (f.data as Message).id === barrier.id);
  expect(socket.all("reaction")).toEqual([]);
}

describe("reactions in a one-to-one chat", () => {
  it("adds one, answers the message's reactions and tells both parties as each files it", async () => {
    const [alice, bob] = await registerMany(api, 2, "Pair");
    const line = await send(alice, bob.userId);
    expect(line.reactions).toEqual([]);
    const bobSocket = await socketOf(bob);
    const aliceOther = await socketOf(alice);

    const res = await react(bob, line.id, "👍");
    expect(res.code, res.msg).toBe(0);
    const expected: Reaction[] = [
      { emoji: "👍", count: 1, user_ids: [bob.userId] },
    ];
    expect(res.data).toEqual(expected);

    expect((await bobSocket.next("reaction")).data).toEqual({
      id: line.id,
      toContactId: alice.userId,
      is_group: 0,
      reactions: expected,
    });
    expect((await aliceOther.next("reaction")).data).toEqual({
      id: line.id,
      toContactId: bob.userId,
      is_group: 0,
      reactions: expected,
    });
    expect((await shown(alice, bob.userId, line.id))?.reactions).toEqual(
      expected,
    );
    expect((await shown(bob, alice.userId, line.id))?.reactions).toEqual(
      expected,
    );
    await bobSocket.close();
    await aliceOther.close();
  });

  it("is idempotent both ways: a second react or unreact changes nothing and tells nobody", async () => {
    const [alice, bob] = await registerMany(api, 2, "Twice");
    const line = await send(alice, bob.userId);
    expect((await react(alice, line.id, "🎉")).code).toBe(0);
    const aliceSocket = await socketOf(alice);
    const again = await react(alice, line.id, "🎉");
    expect(again.code, again.msg).toBe(0);
    expect(again.data).toEqual([
      { emoji: "🎉", count: 1, user_ids: [alice.userId] },
    ]);
    expect(await stored(line.msg_id)).toHaveLength(1);
    await noReaction(aliceSocket, alice);

    const off = await unreact(alice, line.id, "🎉");
    expect(off.code, off.msg).toBe(0);
    expect(off.data).toEqual([]);
    expect((await aliceSocket.next("reaction")).data).toMatchObject({
      id: line.id,
      reactions: [],
    });
    const offAgain = await unreact(alice, line.id, "🎉");
    expect(offAgain.code, offAgain.msg).toBe(0);
    expect(offAgain.data).toEqual([]);
    expect(await stored(line.msg_id)).toEqual([]);
    await aliceSocket.close();
  });

  it("orders emojis by first use and each one's users oldest first, with exact counts", async () => {
    const [alice, bob] = await registerMany(api, 2, "Order");
    const line = await send(alice, bob.userId);
    await react(bob, line.id, "😂");
    await react(alice, line.id, "❤️");
    await react(alice, line.id, "😂");
    await react(bob, line.id, "❤️");
    const res = await react(bob, line.id, "👍🏽");
    expect(res.data).toEqual([
      { emoji: "😂", count: 2, user_ids: [bob.userId, alice.userId] },
      { emoji: "❤️", count: 2, user_ids: [alice.userId, bob.userId] },
      { emoji: "👍🏽", count: 1, user_ids: [bob.userId] },
    ]);
    // The first emoji's first user goes: its place is now its oldest use still there.
    await unreact(bob, line.id, "😂");
    expect((await shown(alice, bob.userId, line.id))?.reactions).toEqual([
      { emoji: "❤️", count: 2, user_ids: [alice.userId, bob.userId] },
      { emoji: "😂", count: 1, user_ids: [alice.userId] },
      { emoji: "👍🏽", count: 1, user_ids: [bob.userId] },
    ]);
  });

  it("lists each emoji's first 100 users in order, however many reacted, for every emoji of a page", async () => {
    const [alice, bob] = await registerMany(api, 2, "Crowd");
    const lines: Awaited<ReturnType<typeof send>>[] = [];
    for (let i = 0; i < 4; i += 1) lines.push(await send(alice, bob.userId));
    // 130 people on one emoji, and 20 emojis on each of the four messages: 80 pairs, more
    // than one statement of firstReactors reads (they are split), stored as reactions are.
    const now = Date.now();
    const crowd = await api.db
      .insertInto("users")
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          account: `crowd${String(i)}x${randomUUID().slice(0, 8)}`,
          realname: `Crowd ${String(i)}`,
          password_hash: "-",
          name_py: "crowd",
          setting: "{}",
          created_at: now,
          updated_at: now,
        })),
      )
      .returning("user_id")
      .execute();
    const emojis =
      "😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰 😍 🤩 😘 😗 😚 😙".split(" ");
    const rows = [];
    for (const line of lines)
      for (const emoji of emojis)
        rows.push({ msg_id: line.msg_id, user_id: bob.userId, emoji });
    // Reversed: the crowd's order is by reaction_id, not by user_id.
    for (const { user_id } of [...crowd].reverse())
      rows.push({ msg_id: lines[0]?.msg_id ?? 0, user_id, emoji: "🎉" });
    await api.db
      .insertInto("message_reactions")
      .values(rows.map((row) => ({ ...row, created_at: now })))
      .execute();
    const page = await post(alice, "im/getMessageList", {
      toContactId: bob.userId,
      page: 1,
      limit: 10,
    });
    expect(page.code, page.msg).toBe(0);
    const shownLines = (page.data as Message[]).filter((m) =>
      lines.some((line) => line.id === m.id),
    );
    expect(shownLines).toHaveLength(4);
    for (const message of shownLines) {
      const first = message.id === lines[0]?.id;
      expect(message.reactions.map((r) => r.emoji)).toEqual(
        first ? [...emojis, "🎉"] : emojis,
      );
      for (const reaction of message.reactions) {
        if (reaction.emoji !== "🎉") {
          expect(reaction).toEqual({
            emoji: reaction.emoji,
            count: 1,
            user_ids: [bob.userId],
          });
          continue;
        }
        expect(reaction.count).toBe(130);
        expect(reaction.user_ids).toEqual(
          [...crowd]
            .reverse()
            .slice(0, ReactionLimits.usersListed)
            .map((row) => row.user_id),
        );
      }
    }
  });

  it("works on a note to oneself, told to my other devices as the chat -1", async () => {
    const alice = await registerAndLogin(api);
    const note = await send(alice, -1, "remember");
    const other = await socketOf(alice);
    expect((await react(alice, note.id, "✅")).code).toBe(0);
    expect((await other.next("reaction")).data).toEqual({
      id: note.id,
      toContactId: -1,
      is_group: 3,
      reactions: [{ emoji: "✅", count: 1, user_ids: [alice.userId] }],
    });
    await other.close();
  });
});

describe("who may react", () => {
  it("answers a stranger, a missing id and a foreign id alike, and changes nothing", async () => {
    const [alice, bob, eve] = await registerMany(api, 3, "Who");
    const line = await send(alice, bob.userId);
    const stranger = await react(eve, line.id, "👍");
    const missing = await react(eve, randomUUID(), "👍");
    expect(stranger.code).not.toBe(0);
    expect(stranger.msg).toBe("This message doesn't exist");
    expect(missing).toMatchObject({ code: stranger.code, msg: stranger.msg });
    expect((await unreact(eve, line.id, "👍")).msg).toBe(stranger.msg);
    // A system administrator is no party to it either.
    const admin = await loginAdmin(api);
    expect((await react(admin, line.id, "👍")).msg).toBe(stranger.msg);
    expect(await stored(line.msg_id)).toEqual([]);
  });

  it("refuses a withdrawn message", async () => {
    const [alice, bob] = await registerMany(api, 2, "Gone");
    const line = await send(alice, bob.userId);
    expect((await post(alice, "im/undoMessage", { id: line.id })).code).toBe(0);
    const res = await react(bob, line.id, "👍");
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe("This message has already been withdrawn");
    expect(await stored(line.msg_id)).toEqual([]);
  });

  it("refuses what is not one emoji, saying so, and stores nothing", async () => {
    const [alice, bob] = await registerMany(api, 2, "Emoji");
    const line = await send(alice, bob.userId);
    for (const emoji of [
      "",
      "a",
      "好",
      "👍👍",
      "👍 yes",
      "<img src=x onerror=alert(1)>",
      "👩🏻‍👩🏽‍👧🏾‍👦🏿",
      "x".repeat(5000),
    ]) {
      const res = await react(bob, line.id, emoji);
      expect(res.code, emoji).not.toBe(0);
      expect(res.msg, emoji).toBe("Choose one emoji");
    }
    const noEmoji = await post(bob, "im/react", { id: line.id });
    expect(noEmoji.code).not.toBe(0);
    const asArray = await post(bob, "im/react", {
      id: line.id,
      emoji: ["👍", "👎"],
    });
    expect(asArray.code).not.toBe(0);
    expect(await stored(line.msg_id)).toEqual([]);
  });

  it("takes at most 20 different emojis on a message, and more people on one already there", async () => {
    const [alice, bob] = await registerMany(api, 2, "Many");
    const line = await send(alice, bob.userId);
    const emojis =
      "😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰 😍 🤩 😘 😗 😚 😙".split(" ");
    expect(emojis).toHaveLength(ReactionLimits.emojisPerMessage);
    for (const emoji of emojis)
      expect((await react(alice, line.id, emoji)).code).toBe(0);
    const over = await react(bob, line.id, "🤔");
    expect(over.code).not.toBe(0);
    expect(over.msg).toBe("A message can have at most 20 different reactions");
    const joining = await react(bob, line.id, "😀");
    expect(joining.code, joining.msg).toBe(0);
    expect((joining.data as Reaction[])[0]).toEqual({
      emoji: "😀",
      count: 2,
      user_ids: [alice.userId, bob.userId],
    });
    expect(await stored(line.msg_id)).toHaveLength(21);
  });
});

describe("reactions in a group", () => {
  it("tells every member under the group's id; a muted member and a non-member are refused", async () => {
    const [owner, ann, ben, outsider] = await registerMany(api, 4, "Grp");
    const { id, groupId } = await createGroup(api, owner, [ann, ben]);
    const line = await send(owner, id, "vote");
    const benSocket = await socketOf(ben);
    const ownerSocket = await socketOf(owner);

    const res = await react(ann, line.id, "👍");
    expect(res.code, res.msg).toBe(0);
    const event = {
      id: line.id,
      toContactId: id,
      is_group: 1,
      reactions: [{ emoji: "👍", count: 1, user_ids: [ann.userId] }],
    };
    expect((await benSocket.next("reaction")).data).toEqual(event);
    expect((await ownerSocket.next("reaction")).data).toEqual(event);
    expect((await shown(ben, id, line.id))?.reactions).toEqual(event.reactions);

    const notIn = await react(outsider, line.id, "👍");
    expect(notIn.msg).toBe("This message doesn't exist");

    const mute = await post(owner, "group/setNoSpeak", {
      id,
      user_id: ben.userId,
      noSpeakTimer: 1,
    });
    expect(mute.code, mute.msg).toBe(0);
    const muted = await react(ben, line.id, "👎");
    expect(muted.code).not.toBe(0);
    expect(muted.msg).toMatch(/^You are muted in this group until /);
    expect(await stored(line.msg_id)).toEqual([
      { user_id: ann.userId, emoji: "👍" },
    ]);
    expect(groupId).toBeGreaterThan(0);
    await benSocket.close();
    await ownerSocket.close();
  });

  it("refuses a member who joined after the message when the group hides earlier history", async () => {
    const [owner, ann, late] = await registerMany(api, 3, "Late");
    const { id } = await createGroup(api, owner, [
      ann,
      (await registerMany(api, 1, "Third"))[0],
    ]);
    expect(
      (
        await post(owner, "group/groupSetting", {
          id,
          setting: { history: "0" },
        })
      ).code,
    ).toBe(0);
    const before = await send(owner, id, "before you came");
    const added = await post(owner, "group/addGroupUser", {
      id,
      user_ids: [late.userId],
    });
    expect(added.code, added.msg).toBe(0);
    const res = await react(late, before.id, "👀");
    expect(res.msg).toBe("This message doesn't exist");
    const after = await send(owner, id, "welcome");
    expect((await react(late, after.id, "👋")).code).toBe(0);
    expect((await react(ann, before.id, "👀")).code).toBe(0);
  });
});

describe("a storm of reactions", () => {
  it("leaves every member's last frame with every reaction: pushes follow the commits", async () => {
    const people = await registerMany(api, 30, "Storm");
    const [owner, ...rest] = people;
    const { id } = await createGroup(api, owner, rest);
    const line = await send(owner, id, "vote now");
    const watcher = await socketOf(owner);
    const results = await Promise.all(
      people.map((user, i) => react(user, line.id, i % 2 ? "👍" : "🎉")),
    );
    for (const res of results) expect(res.code, res.msg).toBe(0);
    const total = (frames: Record<string, unknown>[]) =>
      (
        (frames.at(-1)?.data as { reactions: Reaction[] } | undefined)
          ?.reactions ?? []
      ).reduce((n, r) => n + r.count, 0);
    await expect.poll(() => total(watcher.all("reaction"))).toBe(30);
    // Fewer pushes than reactions: changes that came during a push shared the next one.
    expect(watcher.all("reaction").length).toBeLessThanOrEqual(30);
    expect(await stored(line.msg_id)).toHaveLength(30);
    await watcher.close();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)(
  "reactions across two processes",
  () => {
    it("reach the other party's socket on the other process, and both pages agree", async () => {
      const { one, two, close } = await startTwoProcesses();
      try {
        const alice = await registerAndLogin(one, { realname: "Alice" });
        const bob = await registerAndLogin(one, { realname: "Bob" });
        const sent = await one.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "text",
            content: "hi",
            toContactId: bob.userId,
          },
          { token: alice.token },
        );
        expect(sent.code, sent.msg).toBe(0);
        const line = MessageSchema.parse(sent.data);
        const bobOnTwo = await openSocket(two.url);
        await bobOnTwo.bind(bob.token);
        const res = await one.post(
          "/enterprise/im/react",
          { id: line.id, emoji: "🙌" },
          { token: alice.token },
        );
        expect(res.code, res.msg).toBe(0);
        expect((await bobOnTwo.next("reaction")).data).toEqual({
          id: line.id,
          toContactId: alice.userId,
          is_group: 0,
          reactions: [{ emoji: "🙌", count: 1, user_ids: [alice.userId] }],
        });
        const page = await two.post(
          "/enterprise/im/getMessageList",
          { toContactId: alice.userId, is_group: 0 },
          { token: bob.token },
        );
        expect(
          (page.data as Message[]).find((m) => m.id === line.id)?.reactions,
        ).toEqual([{ emoji: "🙌", count: 1, user_ids: [alice.userId] }]);
        await bobOnTwo.close();
      } finally {
        await close();
      }
    });
  },
);

describe("a pair's joined reactors read back", () => {
  it("keeps the order the database gave when it is the reaction order", () => {
    expect(usersInReactionOrder("3:30,7:10,12:20")).toEqual([30, 10, 20]);
  });

  it("puts the users in reaction order when the database joined them otherwise", () => {
    expect(usersInReactionOrder("12:20,3:30,7:10,100:5")).toEqual([
      30, 10, 20, 5,
    ]);
  });

  it("reads an empty string as nobody", () => {
    expect(usersInReactionOrder("")).toEqual([]);
  });
});
