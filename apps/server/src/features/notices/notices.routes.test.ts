import { manage } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket } from "../../../test/ws-client.js";

/*
 * System notices (issue 12; wire-contract.md §2.8 `manage/index/*`, §5.2, §5.3): a super
 * administrator publishes, edits and withdraws them; every signed-in client hears each
 * change at once; every user's list carries the notices entry with its unread count, and
 * its history reads like a chat's. Administrators read the list; users never reach it.
 */
let api: TestApp;
let admin: TestUser;

beforeAll(async () => {
  api = await startTestApp();
  admin = await loginAdmin(api);
});
afterAll(async () => {
  await api.close();
});

const en = { "Accept-Language": "en" };
const call = (path: string, body: object, user: TestUser | null, app = api) =>
  app.post(path, body, { token: user?.token, headers: en });

interface NoticeData {
  msg_id: number;
  id: string;
  title: string;
  notice: string;
  content: string;
  realname: string;
  extends: { title: string; notice: string };
}

async function publish(title: string, content: string, msgId = 0) {
  const res = await call(
    "/manage/index/publishNotice",
    { msgId, title, content },
    admin,
  );
  expect(res.code, res.msg).toBe(0);
}

async function notices(user = admin): Promise<NoticeData[]> {
  const res = await call(
    "/manage/index/noticeList",
    { page: 1, limit: 100 },
    user,
  );
  expect(res.code, res.msg).toBe(0);
  return manage.noticeList.response.parse(res.data);
}

async function noticeEntry(user: TestUser) {
  const res = await call("/enterprise/im/getContacts", {}, user);
  expect(res.code, res.msg).toBe(0);
  const list = res.data as Array<Record<string, unknown>>;
  return list.find((c) => c.id === "admin_notice");
}

/** An administrator of role 2, made by the super administrator. */
async function roleTwoAdmin(): Promise<TestUser> {
  const user = await registerAndLogin(api);
  const res = await call(
    "/manage/User/setRole",
    { user_id: user.userId, role: 2 },
    admin,
  );
  expect(res.code, res.msg).toBe(0);
  const login = await api.post("/common/pub/login", {
    account: user.account,
    password: user.password,
  });
  return { ...user, token: (login.data as { authToken: string }).authToken };
}

describe("who may call the notices", () => {
  const CALLS: Array<[string, object]> = [
    ["/manage/index/noticeList", {}],
    ["/manage/index/publishNotice", { msgId: 0, title: "t", content: "c" }],
    ["/manage/index/delNotice", { id: 1 }],
  ];
  it.each(CALLS)(
    "%s: a visitor signs in first, a user gets the missing-call answer",
    async (path, body) => {
      const user = await registerAndLogin(api);
      expect((await call(path, body, null)).code).toBe(-1);
      const refused = await call(path, body, user);
      expect(refused).toEqual(await call("/manage/no/such/call", body, user));
      expect(refused.code).toBe(404);
    },
  );

  it("an administrator of role 2 reads the list but publishes and withdraws nothing", async () => {
    await publish("For role two", "Read only");
    const two = await roleTwoAdmin();
    const list = await notices(two);
    expect(list.map((n) => n.title)).toContain("For role two");
    const before = list.length;
    const res = await call(
      "/manage/index/publishNotice",
      { msgId: 0, title: "Mine", content: "No" },
      two,
    );
    expect(res.code).toBe(400);
    expect(res.msg).toBe(
      "Only a super administrator can publish system notices",
    );
    const del = await call(
      "/manage/index/delNotice",
      { id: list[0]?.msg_id },
      two,
    );
    expect(del.code).toBe(400);
    expect(await notices()).toHaveLength(before);
  });

  it("demo mode refuses publishing and withdrawing, and says why", async () => {
    const demo = await startTestApp({ DEMO_MODE: "1" });
    try {
      const demoAdmin = await loginAdmin(demo);
      const res = await call(
        "/manage/index/publishNotice",
        { msgId: 0, title: "Demo", content: "No" },
        demoAdmin,
        demo,
      );
      expect(res.code).toBe(400);
      expect(res.msg).toMatch(/demo/i);
      const del = await call(
        "/manage/index/delNotice",
        { id: 1 },
        demoAdmin,
        demo,
      );
      expect(del.code).toBe(400);
      expect(del.msg).toMatch(/demo/i);
      const list = await call("/manage/index/noticeList", {}, demoAdmin, demo);
      expect(list.code, list.msg).toBe(0);
      expect(list.data).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});

describe("publishing", () => {
  it("stores the notice, answers it in the list newest first, and audits it", async () => {
    await publish("Maintenance tonight", "From 22:00\nto 23:00");
    await publish("Welcome", "Hello <b>everyone</b> & all");
    const [newest, older] = await notices();
    expect(newest).toMatchObject({
      title: "Welcome",
      notice: "Hello <b>everyone</b> & all",
      // The old server's HTML, with what was typed escaped: nothing in it runs.
      content:
        "<h4>Welcome</h4><br><p>Hello &lt;b&gt;everyone&lt;/b&gt; &amp; all</p>",
      extends: { title: "Welcome", notice: "Hello <b>everyone</b> & all" },
      id: `notice-${String(newest?.msg_id)}`,
    });
    expect(older?.title).toBe("Maintenance tonight");
    expect(older?.content).toBe(
      "<h4>Maintenance tonight</h4><br><p>From 22:00<br>to 23:00</p>",
    );
    expect(newest?.realname).not.toBe("");
    const audit = await call(
      "/manage/audit/index",
      { action: "notice.publish", target_id: String(newest?.msg_id) },
      admin,
    );
    expect(audit.data).toEqual([
      expect.objectContaining({
        action: "notice.publish",
        target_type: "notice",
        after: { title: "Welcome", notice: "Hello <b>everyone</b> & all" },
      }),
    ]);
  });

  it.each([
    [{ title: "", content: "text" }, "Enter a title of 1 to 100 characters"],
    [{ title: "   ", content: "text" }, "Enter a title of 1 to 100 characters"],
    [
      { title: "x".repeat(101), content: "text" },
      "Enter a title of 1 to 100 characters",
    ],
    [{ title: "t", content: "" }, "Enter the notice, at most 5,000 characters"],
    [
      { title: "t", content: "x".repeat(5001) },
      "Enter the notice, at most 5,000 characters",
    ],
    [{ title: ["t"], content: "c" }, null],
    [{ title: "t\u0000", content: "c" }, null],
    [{ msgId: -1, title: "t", content: "c" }, "Notice not found"],
    [{ msgId: "abc", title: "t", content: "c" }, null],
  ])("refuses bad input #%# and stores nothing", async (body, msg) => {
    const before = (await notices()).length;
    const res = await call("/manage/index/publishNotice", body, admin);
    expect(res.code).not.toBe(0);
    expect(res.msg).not.toBe("");
    if (msg !== null) expect(res.msg).toBe(msg);
    expect(await notices()).toHaveLength(before);
  });

  it("reaches every signed-in client at once, filed under the notices entry", async () => {
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    await publish("Live", "Now");
    const frame = await socket.next("simple", (f) => {
      const data = f.data as { toContactId?: unknown };
      return data.toContactId === "admin_notice";
    });
    expect(frame.data).toMatchObject({
      type: "text",
      is_group: 2,
      toContactId: "admin_notice",
      status: "succeed",
      extends: { title: "Live", notice: "Now" },
    });
    await socket.close();
  });

  it("edits a notice in place: the list and every client see the new words", async () => {
    await publish("Typo", "Wrnog");
    const [typo] = await notices();
    if (!typo) throw new Error("no notice");
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    await publish("Fixed", "Wrong no more", typo.msg_id);
    const update = await socket.next("updateMessage");
    expect(update.data).toEqual({
      id: typo.id,
      type: "text",
      content: "<h4>Fixed</h4><br><p>Wrong no more</p>",
    });
    await socket.close();
    const [fixed] = await notices();
    expect(fixed).toMatchObject({ msg_id: typo.msg_id, title: "Fixed" });
    const audit = await call(
      "/manage/audit/index",
      { action: "notice.edit", target_id: String(typo.msg_id) },
      admin,
    );
    expect(audit.data).toEqual([
      expect.objectContaining({
        before: { title: "Typo", notice: "Wrnog" },
        after: { title: "Fixed", notice: "Wrong no more" },
      }),
    ]);
  });

  it("editing a notice that does not exist answers not found and creates nothing", async () => {
    const before = (await notices()).length;
    const res = await call(
      "/manage/index/publishNotice",
      { msgId: 999_999, title: "t", content: "c" },
      admin,
    );
    expect(res).toMatchObject({ code: 400, msg: "Notice not found" });
    expect(await notices()).toHaveLength(before);
  });
});

describe("withdrawing", () => {
  it("deletes the notice for everyone, live, and audits what it said", async () => {
    await publish("Withdraw me", "Soon gone");
    const [gone] = await notices();
    if (!gone) throw new Error("no notice");
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    const res = await call(
      "/manage/index/delNotice",
      { id: gone.msg_id },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const frame = await socket.next("delMessage");
    expect(frame.data).toMatchObject({
      id: gone.id,
      msg_id: gone.msg_id,
      toContactId: "admin_notice",
    });
    await socket.close();
    expect((await notices()).map((n) => n.msg_id)).not.toContain(gone.msg_id);
    const audit = await call(
      "/manage/audit/index",
      { action: "notice.delete", target_id: String(gone.msg_id) },
      admin,
    );
    expect(audit.data).toEqual([
      expect.objectContaining({
        before: { title: "Withdraw me", notice: "Soon gone" },
      }),
    ]);
  });

  it("a missing or absurd id answers not found", async () => {
    for (const id of [999_999, 0, -3, 2 ** 40]) {
      const res = await call("/manage/index/delNotice", { id }, admin);
      expect(res).toMatchObject({ code: 400, msg: "Notice not found" });
    }
    const typed = await call("/manage/index/delNotice", { id: "x" }, admin);
    expect(typed.code).not.toBe(0);
    expect(typed.msg).not.toBe("");
  });
});

describe("the notices entry of every user's list", () => {
  it("carries the newest title, the unread count, and reads like a chat", async () => {
    const user = await registerAndLogin(api);
    const start = await noticeEntry(user);
    expect(start).toMatchObject({
      id: "admin_notice",
      is_group: 2,
      displayName: "System notices",
    });
    const unreadBefore = Number(start?.unread);
    await publish("First for the entry", "one");
    await publish("Second for the entry", "two");
    const entry = await noticeEntry(user);
    expect(entry).toMatchObject({
      lastContent: "Second for the entry",
      unread: unreadBefore + 2,
    });
    expect(Number(entry?.lastSendTime)).toBeGreaterThan(0);

    // The newest page, oldest first within it; a cursor reads further back.
    const page = await call(
      "/enterprise/im/getMessageList",
      { toContactId: "admin_notice", is_group: 2, limit: 2 },
      user,
    );
    expect(page.code, page.msg).toBe(0);
    const rows = page.data as Array<{ msg_id: number; extends: object }>;
    expect(rows.map((r) => r.extends)).toEqual([
      { title: "First for the entry", notice: "one" },
      { title: "Second for the entry", notice: "two" },
    ]);
    expect(page.count).toBe((await notices()).length);
    const back = await call(
      "/enterprise/im/getMessageList",
      {
        toContactId: "admin_notice",
        is_group: 2,
        limit: 2,
        last_id: rows[0]?.msg_id,
      },
      user,
    );
    const older = back.data as Array<{ msg_id: number }>;
    expect(older.length).toBeGreaterThan(0);
    for (const row of older)
      expect(row.msg_id).toBeLessThan(Number(rows[0]?.msg_id));

    // Reading the newest page read them all.
    expect(await noticeEntry(user)).toMatchObject({ unread: 0 });
    await publish("Third for the entry", "three");
    expect(await noticeEntry(user)).toMatchObject({ unread: 1 });
    const read = await call(
      "/enterprise/im/setMsgIsRead",
      { toContactId: "admin_notice", is_group: 2 },
      user,
    );
    expect(read.code, read.msg).toBe(0);
    expect(await noticeEntry(user)).toMatchObject({ unread: 0 });
  });

  it("never counts one's own notices as unread", async () => {
    await call(
      "/enterprise/im/setMsgIsRead",
      { toContactId: "admin_notice", is_group: 2 },
      admin,
    );
    await publish("From me", "Not news to me");
    expect(await noticeEntry(admin)).toMatchObject({
      lastContent: "From me",
      unread: 0,
    });
  });

  it("is named in the reader's language", async () => {
    const user = await registerAndLogin(api);
    const res = await api.post(
      "/enterprise/im/getContacts",
      {},
      { token: user.token, headers: { "Accept-Language": "zh" } },
    );
    const list = res.data as Array<Record<string, unknown>>;
    expect(list.find((c) => c.id === "admin_notice")?.displayName).toBe(
      "系统公告",
    );
  });

  it("cannot be written to", async () => {
    const user = await registerAndLogin(api);
    const res = await call(
      "/enterprise/im/sendMessage",
      {
        id: "8d0b7a2e-5b8e-4b8f-9a6c-1d2e3f4a5b6c",
        toContactId: "admin_notice",
        is_group: 2,
        type: "text",
        content: "hi",
      },
      user,
    );
    expect(res.code).not.toBe(0);
  });
});
