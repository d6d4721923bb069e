import { randomUUID } from "node:crypto";
import type { Contact } from "@parley/protocol";
import {
  afterAll,
  beforeAll,
  describe,
  expect,
  it,
  onTestFinished,
} from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  loginAdmin,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket } from "../../../test/ws-client.js";

/*
 * Issue 14: each process holds a user's contact list as JSON and fills in per answer who is
 * online and the time. What changes a list reaches its owner as an event or is announced
 * (contacts.service.ts); the test app checks every held answer against a fresh read
 * (`checkHeld`), so every suite that reads a list after an action tests the rule too.
 */
let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

async function envelopeOf(user: TestUser) {
  return api.post("/enterprise/im/getContacts", {}, { token: user.token });
}

async function listOf(user: TestUser): Promise<Contact[]> {
  const res = await envelopeOf(user);
  expect(res.code, res.msg).toBe(0);
  return res.data as Contact[];
}

const entryOf = (list: Contact[], id: number) => list.find((c) => c.id === id);

describe("held contact lists", () => {
  it("answer exactly what a fresh read gives, with presence and time filled in per answer", async () => {
    const [ann, bob, cat] = await registerMany(api, 3, "Held");
    expect(
      (
        await api.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "text",
            content: "hi",
            toContactId: bob.userId,
          },
          { token: ann.token },
        )
      ).code,
    ).toBe(0);
    const first = await listOf(ann);
    // The first answer was read; the second comes from what was held.
    api.clock.advance(1_000);
    const held = await listOf(ann);
    const fresh = await api.services.contacts.list(ann.userId, "");
    expect(held.slice(0, -2)).toEqual(fresh);
    // The chat with oneself and the notices entry end every list (wire-contract.md §5.2).
    expect(held.slice(-2).map((c) => c.id)).toEqual([-1, "admin_notice"]);
    // A contact without messages carries the time of the answer, not of the read.
    expect(entryOf(first, cat.userId)?.lastSendTime).toBe(
      api.clock.now() - 1_000,
    );
    expect(entryOf(held, cat.userId)?.lastSendTime).toBe(api.clock.now());
    expect(entryOf(held, bob.userId)?.lastContent).toBe("hi");

    // Cat comes online: no event reaches Ann (a stranger), the next answer shows it.
    expect(entryOf(held, cat.userId)?.is_online).toBe(0);
    const socket = await openSocket(api.url);
    await socket.bind(cat.token);
    await expect
      .poll(async () => entryOf(await listOf(ann), cat.userId)?.is_online)
      .toBe(1);
    await socket.close();
  });

  it("are dropped by the events and announcements of what changes them", async () => {
    const [ann, bob] = await registerMany(api, 2, "Dropped");
    await listOf(ann);
    await listOf(bob);
    // A message: an event to both.
    await api.post(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "one",
        toContactId: bob.userId,
      },
      { token: ann.token },
    );
    expect(entryOf(await listOf(bob), ann.userId)).toMatchObject({
      lastContent: "one",
      unread: 1,
    });
    // Reading it: no event to the reader, an announcement.
    await api.post(
      "/enterprise/im/setMsgIsRead",
      { toContactId: ann.userId },
      { token: bob.token },
    );
    expect(entryOf(await listOf(bob), ann.userId)?.unread).toBe(0);
    // A new name: announced to every list.
    await api.post(
      "/enterprise/im/updateUserInfo",
      { realname: "Dropped Renamed" },
      { token: ann.token },
    );
    expect(entryOf(await listOf(bob), ann.userId)?.displayName).toBe(
      "Dropped Renamed",
    );
    // A newcomer: in every list of run mode 1.
    const [dan] = await registerMany(api, 1, "Newcomer");
    expect(entryOf(await listOf(bob), dan.userId)).toBeDefined();
  });

  it("are dropped by a group's message for every member, however many lists are held", async () => {
    const [ann, bob, cat, dan] = await registerMany(api, 4, "Grouped");
    const made = await api.post(
      "/enterprise/group/add",
      { name: "Held group", user_ids: [bob.userId, cat.userId, dan.userId] },
      { token: ann.token },
    );
    expect(made.code, made.msg).toBe(0);
    const id = String((made.data as Contact).id);
    const groupEntry = async (user: TestUser) =>
      (await listOf(user)).find((c) => c.id === id);
    // Fewer lists held than members named (the news is looked up by a set), then more.
    for (const [holders, content] of [
      [[bob], "to one held list"],
      [[bob, cat, dan, ann], "to four"],
    ] as const) {
      for (const user of holders) await listOf(user);
      const sent = await api.post(
        "/enterprise/im/sendMessage",
        { id: randomUUID(), type: "text", content, toContactId: id },
        { token: ann.token },
      );
      expect(sent.code, sent.msg).toBe(0);
      for (const user of holders)
        expect((await groupEntry(user))?.lastContent).toContain(content);
    }
  });

  it("keep the badges and names in step: friend requests, a remark, notices and articles", async () => {
    const [ann, bob] = await registerMany(api, 2, "Badges");
    const admin = await loginAdmin(api);
    // Friend requests exist in run mode 2 only (issue 51 item 9).
    await saveConfig(api, "sysInfo", { runMode: "2" });
    onTestFinished(() => saveConfig(api, "sysInfo", { runMode: "1" }));
    const call = async (user: TestUser, path: string, body: object) => {
      const res = await api.post(path, body, { token: user.token });
      expect(res.code, `${path}: ${res.msg}`).toBe(0);
    };
    const requestId = async () =>
      (
        await api.db
          .selectFrom("friend_applications")
          .select("application_id")
          .where("from_user_id", "=", ann.userId)
          .where("to_user_id", "=", bob.userId)
          .where("status", "=", 2)
          .executeTakeFirstOrThrow()
      ).application_id;
    expect((await envelopeOf(bob)).count).toBe(0);
    await call(ann, "/enterprise/friend/add", {
      user_id: bob.userId,
      remark: "hi",
    });
    expect((await envelopeOf(bob)).count).toBe(1);
    // Refused: no event to Bob, who refused.
    await call(bob, "/enterprise/friend/update", {
      friend_id: await requestId(),
      status: 0,
    });
    expect((await envelopeOf(bob)).count).toBe(0);
    // A refusal holds Ann's next request to Bob for a day.
    api.clock.advance(24 * 60 * 60 * 1000);
    await call(ann, "/enterprise/friend/add", {
      user_id: bob.userId,
      remark: "again",
    });
    await call(bob, "/enterprise/friend/update", {
      friend_id: await requestId(),
      status: 1,
    });
    await listOf(bob);
    await call(bob, "/enterprise/friend/setNickname", {
      friend_id: ann.userId,
      nickname: "Annie",
    });
    expect(entryOf(await listOf(bob), ann.userId)?.displayName).toBe("Annie");

    const notices = async () =>
      (await listOf(bob)).find((c) => c.id === "admin_notice");
    await call(admin, "/manage/index/publishNotice", {
      title: "Maintenance",
      content: "Tonight at ten.",
    });
    expect(await notices()).toMatchObject({ unread: 1 });
    await call(bob, "/enterprise/im/setMsgIsRead", {
      toContactId: "admin_notice",
    });
    expect(await notices()).toMatchObject({ unread: 0 });
    api.clock.advance(1);
    await call(admin, "/manage/Article/add", {
      title: "Handbook",
      content: "<p>Welcome</p>",
      status: 1,
    });
    expect((await notices())?.lastContent).toContain("Handbook");
  });

  it("fail the call when something changed what they show without telling (the tests' check)", async () => {
    const [ann, bob] = await registerMany(api, 2, "Stale");
    await listOf(ann);
    // Behind the product's back: no event, no announcement.
    await api.db
      .updateTable("users")
      .set({ realname: "Stale Behind" })
      .where("user_id", "=", bob.userId)
      .execute();
    expect((await envelopeOf(ann)).code).not.toBe(0);
    await api.services.contacts.changed([ann.userId]);
    expect(entryOf(await listOf(ann), bob.userId)?.displayName).toBe(
      "Stale Behind",
    );
  });
});
