import type { SearchResult } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { chatHelpers } from "../../../test/chat.js";
import {
  createGroup,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Issue 45, the global search (docs/EXTENSIONS.md "Search"): one search over every chat a
 * person can read, newest first, with filters and a cursor; who may see what is the
 * history's rule in each chat (a stranger never finds a group's message, a member who
 * joined with history off does not find what came before, what is withdrawn or hidden is
 * never found); people and groups by name in the same answer. Both databases.
 */

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const { post, sendText } = chatHelpers(() => api);

async function search(
  user: TestUser,
  body: Record<string, unknown>,
): Promise<SearchResult> {
  const res = await post(user, "im/search", body);
  expect(res.code, res.msg).toBe(0);
  return res.data as SearchResult;
}

/** The texts of the messages found, newest first. */
const texts = (result: SearchResult) =>
  result.messages.map((hit) => hit.message.content);

describe("the global search", () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let eve: TestUser;
  let group: string;

  beforeAll(async () => {
    [alice, bob, carol, dave, eve] = await registerMany(api, 5, "Finder");
    // A group has three people at least: Eve makes up the numbers.
    group = (await createGroup(api, alice, [bob, eve], "Zebra 斑马 crew")).id;
  });

  it("finds a message in a one-to-one chat and in a group, newest first, for those in them only", async () => {
    await sendText(alice, bob.userId, "zebrafish deploy on 服务器 tonight");
    await sendText(bob, group, "zebrafish budget for the 服务器 room");
    const forAlice = await search(alice, { keywords: "zebrafish" });
    expect(texts(forAlice)).toEqual([
      "zebrafish budget for the 服务器 room",
      "zebrafish deploy on 服务器 tonight",
    ]);
    const [inGroup, direct] = forAlice.messages;
    expect(inGroup?.chat).toMatchObject({
      id: group,
      name: "Zebra 斑马 crew",
      is_group: 1,
    });
    expect(inGroup?.message.toContactId).toBe(group);
    expect(direct?.chat).toMatchObject({ id: bob.userId, is_group: 0 });
    expect(direct?.chat.name).toBe("Finder 2");
    // Bob sees the same chat from his side: Alice.
    const forBob = await search(bob, { keywords: "zebrafish" });
    expect(forBob.messages.map((hit) => hit.chat.id)).toEqual([
      group,
      alice.userId,
    ]);
    // Carol is in neither chat: nothing, in any script or length.
    for (const keywords of ["zebrafish", "服务器", "服务", "服", "zeb"])
      expect(texts(await search(carol, { keywords }))).toEqual([]);
    // Chinese of one, two and three characters.
    for (const keywords of ["服务器", "服务", "服"])
      expect(texts(await search(alice, { keywords }))).toHaveLength(2);
  });

  it("marks the words in a plain-text snippet, markup kept as text", async () => {
    await sendText(alice, bob.userId, "<b>quokka</b> & QUOKKA");
    const [hit] = (await search(bob, { keywords: "quokka" })).messages;
    expect(hit?.snippet).toBe("<b>quokka</b> & QUOKKA");
    expect(
      hit?.marks.map(([start, end]) => hit.snippet.slice(start, end)),
    ).toEqual(["quokka", "QUOKKA"]);
  });

  it("does not find, for a member who joined with history off, what came before", async () => {
    const { id } = await createGroup(api, alice, [bob, eve], "Late joiners");
    expect(
      (
        await post(alice, "group/groupSetting", {
          id,
          setting: { history: "0" },
        })
      ).code,
    ).toBe(0);
    await sendText(alice, id, "narwhal before dave");
    expect(
      (await post(alice, "group/addGroupUser", { id, user_ids: [dave.userId] }))
        .code,
    ).toBe(0);
    await sendText(bob, id, "narwhal after dave");
    expect(texts(await search(dave, { keywords: "narwhal" }))).toEqual([
      "narwhal after dave",
    ]);
    expect(texts(await search(bob, { keywords: "narwhal" }))).toEqual([
      "narwhal after dave",
      "narwhal before dave",
    ]);
    // Removed from the group: nothing of it any more.
    expect(
      (await post(alice, "group/removeUser", { id, user_id: dave.userId }))
        .code,
    ).toBe(0);
    expect(texts(await search(dave, { keywords: "narwhal" }))).toEqual([]);
  });

  it("never finds a withdrawn message, nor one its reader removed for themselves", async () => {
    const gone = await sendText(alice, bob.userId, "axolotl withdrawn");
    const hidden = await sendText(alice, bob.userId, "axolotl hidden by bob");
    expect((await post(alice, "im/undoMessage", { id: gone.id })).code).toBe(0);
    expect((await post(bob, "im/removeMessage", { id: hidden.id })).code).toBe(
      0,
    );
    expect(texts(await search(bob, { keywords: "axolotl" }))).toEqual([]);
    expect(texts(await search(alice, { keywords: "axolotl" }))).toEqual([
      "axolotl hidden by bob",
    ]);
  });

  it("filters by sender, chat, type and dates", async () => {
    const first = await sendText(alice, group, "pangolin one");
    await sendText(bob, group, "pangolin two");
    await sendText(bob, alice.userId, "pangolin three");
    expect(
      texts(await search(alice, { keywords: "pangolin", from: bob.userId })),
    ).toEqual(["pangolin three", "pangolin two"]);
    expect(
      texts(await search(alice, { keywords: "pangolin", in: group })),
    ).toEqual(["pangolin two", "pangolin one"]);
    expect(
      texts(await search(alice, { keywords: "pangolin", in: bob.userId })),
    ).toEqual(["pangolin three"]);
    // A filter alone lists: Bob's messages in the group, newest first.
    const bobs = texts(await search(alice, { from: bob.userId, in: group }));
    expect(bobs[0]).toBe("pangolin two");
    expect(bobs).not.toContain("pangolin one");
    // Texts have no file names; pictures have no words.
    expect(
      texts(await search(alice, { keywords: "pangolin", type: "file" })),
    ).toEqual([]);
    expect(
      texts(await search(alice, { keywords: "pangolin", type: "image" })),
    ).toEqual([]);
    expect(
      texts(await search(alice, { keywords: "pangolin", type: "text" })),
    ).toHaveLength(3);
    // Dates: after the first was sent (at or after), before it.
    const at = first.sendTime;
    expect(
      texts(await search(alice, { keywords: "pangolin", before: at })),
    ).toEqual([]);
    expect(
      texts(await search(alice, { keywords: "pangolin", after: at })),
    ).toHaveLength(3);
    expect(
      texts(
        await search(alice, { keywords: "pangolin", after: at + 3_600_000 }),
      ),
    ).toEqual([]);
  });

  it("answers a chat the caller cannot read as one with nothing in it", async () => {
    const { id } = await createGroup(
      api,
      bob,
      [dave, eve],
      "Private pangolins",
    );
    await sendText(bob, id, "pangolin secret");
    for (const chat of [id, "group-999999999", carol.userId, 999_999_999])
      expect(
        texts(await search(alice, { keywords: "pangolin", in: chat })),
      ).toEqual([]);
  });

  it("pages newest first with a cursor, each message once", async () => {
    for (let i = 1; i <= 5; i += 1)
      await sendText(
        i % 2 ? alice : bob,
        i % 2 ? group : alice.userId,
        `okapi ${i}`,
      );
    const seen: string[] = [];
    let cursor = "";
    for (let page = 0; page < 5; page += 1) {
      const found = await search(alice, {
        keywords: "okapi",
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...texts(found));
      cursor = found.cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([
      "okapi 5",
      "okapi 4",
      "okapi 3",
      "okapi 2",
      "okapi 1",
    ]);
  });

  it("finds a thread's reply with its thread", async () => {
    const root = await sendText(alice, group, "root of the ibex thread");
    await sendText(bob, group, "ibex reply in thread", { thread_id: root.id });
    const [hit] = (await search(alice, { keywords: "ibex reply" })).messages;
    expect(hit?.message.thread_id).toBe(root.id);
  });

  it("lists people and groups by name on the first page of a search by words", async () => {
    const found = await search(carol, { keywords: "finder" });
    expect(found.people.map((p) => p.realname)).toEqual(
      expect.arrayContaining(["Finder 1", "Finder 2", "Finder 4"]),
    );
    expect(found.people.map((p) => p.user_id)).not.toContain(carol.userId);
    // A group Carol is not in is not listed until it is public.
    expect((await search(carol, { keywords: "斑马" })).groups).toEqual([]);
    const mine = await search(bob, { keywords: "斑马" });
    expect(mine.groups).toMatchObject([{ id: group, isJoin: 3 }]);
    await saveConfig(api, "chatInfo", { publicGroups: "1" });
    expect(
      (
        await post(alice, "group/groupSetting", {
          id: group,
          setting: { public: "1" },
        })
      ).code,
    ).toBe(0);
    const open = await search(carol, { keywords: "zebra" });
    expect(open.groups).toMatchObject([
      { id: group, isJoin: 0, groupUserCount: 3 },
    ]);
    // Public is not readable: its messages stay its members'.
    expect(texts(open)).toEqual([]);
    // A filter or a later page lists messages only.
    const filtered = await search(bob, { keywords: "finder", type: "text" });
    expect(filtered.people).toEqual([]);
    expect(filtered.groups).toEqual([]);
  });

  it("refuses what is not a search, and lists nothing for an empty one", async () => {
    const long = await post(alice, "im/search", { keywords: "x".repeat(101) });
    expect(long.code).not.toBe(0);
    expect(long.msg).toBe("A search is at most 100 characters long");
    for (const body of [
      { keywords: "a", cursor: "abc" },
      { keywords: "a", type: "audio" },
      { keywords: "a", in: "group-x" },
      { keywords: "a", limit: 51 },
      { keywords: "a", from: -1 },
      { keywords: "a", after: "yesterday" },
    ]) {
      const res = await post(alice, "im/search", body);
      expect(res.code, JSON.stringify(body)).not.toBe(0);
    }
    expect(await search(alice, {})).toEqual({
      messages: [],
      cursor: "",
      people: [],
      groups: [],
    });
    expect(await search(alice, { keywords: "   " })).toMatchObject({
      messages: [],
    });
    // Words that are FTS syntax are only words.
    for (const keywords of ['"', "NEAR(a b)", "a OR b", "*", "col:x", "%_\\"])
      expect((await post(alice, "im/search", { keywords })).code).toBe(0);
    // Past RATE_SEARCH_USER (60 by default) in a minute, a user waits (Dave has searched
    // little).
    let refused = 0;
    for (let i = 0; i <= 60; i += 1)
      if ((await post(dave, "im/search", { keywords: "x" })).code !== 0)
        refused += 1;
    expect(refused).toBeGreaterThan(0);
    expect((await post(carol, "im/search", { keywords: "x" })).code).toBe(0);
    const noSession = await api.post("/enterprise/im/search", {
      keywords: "zebrafish",
    });
    expect(noSession.code).not.toBe(0);
  });
});
