import { randomUUID } from "node:crypto";
import { complaints } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  loginAdmin,
  registerAndLogin,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Complaints (issue 12): a user reports a message of their own chats, a user, or a group
 * they are in, with a reason; a message, user or group they cannot see answers exactly
 * like a missing one; one user cannot flood the list. Administrators list the reports
 * with what they point at, filter them, and decide each, audited; demo mode decides
 * nothing; users never reach the console's calls.
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

async function sendText(from: TestUser, to: number | string, content: string) {
  const res = await call(
    "/enterprise/im/sendMessage",
    { id: randomUUID(), toContactId: to, type: "text", content },
    from,
  );
  expect(res.code, res.msg).toBe(0);
  return (res.data as { msg_id: number }).msg_id;
}

async function report(user: TestUser, body: object) {
  return call("/enterprise/complaint/add", body, user);
}

async function listed(filter: object = {}) {
  const res = await call(
    "/manage/Complaint/index",
    { limit: 100, ...filter },
    admin,
  );
  expect(res.code, res.msg).toBe(0);
  return {
    list: complaints.complaintIndex.response.parse(res.data),
    count: res.count,
  };
}

async function makeGroup(owner: TestUser, members: TestUser[]) {
  const res = await call(
    "/enterprise/group/add",
    { name: "Reported team", user_ids: members.map((m) => m.userId) },
    owner,
  );
  expect(res.code, res.msg).toBe(0);
  return (res.data as { group_id: number }).group_id;
}

describe("reporting", () => {
  it("files a report of a message one can see, with what it said, for the console", async () => {
    const [ann, bob] = await registerMany(api, 2, "Reporter");
    const msgId = await sendText(bob, ann.userId, "buy cheap <b>pills</b>");
    const res = await report(ann, {
      type: "message",
      id: msgId,
      reason: "spam",
      content: "  keeps sending adverts  ",
    });
    expect(res).toMatchObject({
      code: 0,
      msg: "Thank you: an administrator will look into it",
    });
    const { list } = await listed({ type: "message" });
    const mine = list.find((c) => c.target_id === msgId);
    expect(mine).toMatchObject({
      type: "message",
      reason: "spam",
      content: "keeps sending adverts",
      status: 0,
      reporter: { user_id: ann.userId, realname: "Reporter 1" },
      target: {
        name: "Reporter 2",
        kind: "text",
        // Shown as typed: the tags were text, never markup.
        text: "buy cheap <b>pills</b>",
        chat: "Reporter 1",
        group: false,
        exists: true,
      },
      handled_by: null,
    });
  });

  it("reports a user and a group one is in; the group as group-N too", async () => {
    const [owner, member, stranger] = await registerMany(api, 3, "Grouped");
    const other = await registerAndLogin(api);
    const groupId = await makeGroup(owner, [member, other]);
    expect(
      (
        await report(member, {
          type: "user",
          id: owner.userId,
          reason: "abuse",
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await report(member, {
          type: "group",
          id: `group-${String(groupId)}`,
          reason: "illegal",
        })
      ).code,
    ).toBe(0);
    const { list } = await listed();
    expect(
      list.find((c) => c.type === "group" && c.target_id === groupId)?.target,
    ).toMatchObject({ name: "Reported team", exists: true });
    expect(
      list.find((c) => c.type === "user" && c.target_id === owner.userId)
        ?.target,
    ).toMatchObject({ name: "Grouped 1", exists: true });
    // A group one is not in answers like a missing one.
    const outside = await report(stranger, {
      type: "group",
      id: groupId,
      reason: "spam",
    });
    const missing = await report(stranger, {
      type: "group",
      id: 999_999,
      reason: "spam",
    });
    expect(outside).toEqual(missing);
    expect(outside).toMatchObject({
      code: 400,
      msg: "What you are reporting does not exist",
    });
  });

  it("a message of someone else's chat answers exactly like a missing one", async () => {
    const [ann, bob, eve] = await registerMany(api, 3, "Private");
    const msgId = await sendText(ann, bob.userId, "between us");
    const foreign = await report(eve, {
      type: "message",
      id: msgId,
      reason: "spam",
    });
    const missing = await report(eve, {
      type: "message",
      id: 99_999_999,
      reason: "spam",
    });
    expect(foreign).toEqual(missing);
    expect(foreign.code).toBe(400);
  });

  it("refuses reporting oneself, and bad input field by field, storing nothing", async () => {
    const user = await registerAndLogin(api);
    const before = (await listed()).count;
    const cases: Array<[object, string | null]> = [
      [
        { type: "user", id: user.userId, reason: "spam" },
        "You cannot report yourself",
      ],
      [{ type: "planet", id: 1, reason: "spam" }, "Choose what to report"],
      [{ id: 1, reason: "spam" }, "Choose what to report"],
      [
        { type: "user", id: 1, reason: "boredom" },
        "Choose a reason for the report",
      ],
      [
        { type: "user", id: 1, reason: "other", content: "x".repeat(501) },
        "Say what happened in at most 500 characters",
      ],
      [
        { type: "user", id: 0, reason: "spam" },
        "What you are reporting does not exist",
      ],
      [{ type: "user", id: "abc", reason: "spam" }, null],
      [{ type: "user", id: [1], reason: "spam" }, null],
      [{ type: "user", id: 1, reason: "spam", content: "a\u0000b" }, null],
    ];
    for (const [body, msg] of cases) {
      const res = await report(user, body);
      expect(res.code, JSON.stringify(body)).not.toBe(0);
      expect(res.msg).not.toBe("");
      if (msg !== null) expect(res.msg, JSON.stringify(body)).toBe(msg);
    }
    expect((await listed()).count).toBe(before);
  });

  it("a repeat while the first report waits adds nothing", async () => {
    const [ann, bob] = await registerMany(api, 2, "Repeat");
    for (let i = 0; i < 3; i += 1)
      expect(
        (await report(ann, { type: "user", id: bob.userId, reason: "abuse" }))
          .code,
      ).toBe(0);
    const { list } = await listed({ type: "user" });
    expect(
      list.filter(
        (c) => c.target_id === bob.userId && c.reporter.user_id === ann.userId,
      ),
    ).toHaveLength(1);
  });

  it("one user cannot flood the list: past 20 reports an hour they wait", async () => {
    const flooder = await registerAndLogin(api);
    const targets = await registerMany(api, 21, "Target");
    const answers = [];
    for (const target of targets)
      answers.push(
        await report(flooder, {
          type: "user",
          id: target.userId,
          reason: "spam",
        }),
      );
    expect(answers.slice(0, 20).every((a) => a.code === 0)).toBe(true);
    expect(answers[20]?.code).not.toBe(0);
    expect(answers[20]?.msg).toMatch(/try again/i);
    const { list } = await listed({ type: "user" });
    expect(
      list.filter((c) => c.reporter.user_id === flooder.userId),
    ).toHaveLength(20);
  });

  it("a visitor signs in first", async () => {
    const res = await report(null as unknown as TestUser, {
      type: "user",
      id: 1,
      reason: "spam",
    });
    expect(res.code).toBe(-1);
  });
});

describe("the console's complaints", () => {
  it.each([
    ["/manage/Complaint/index", {}],
    ["/manage/Complaint/setStatus", { id: 1, status: 1 }],
  ])("%s: a user gets the missing-call answer", async (path, body) => {
    const user = await registerAndLogin(api);
    expect((await call(path, body, null)).code).toBe(-1);
    const refused = await call(path, body, user);
    expect(refused).toEqual(await call("/manage/no/such/call", body, user));
    expect(refused.code).toBe(404);
  });

  it("decides a report with a note, filters by state, and audits the decision", async () => {
    const [ann, bob] = await registerMany(api, 2, "Decided");
    await report(ann, { type: "user", id: bob.userId, reason: "fraud" });
    const waiting = (await listed({ status: 0 })).list.find(
      (c) => c.target_id === bob.userId && c.type === "user",
    );
    if (!waiting) throw new Error("no report");
    const res = await call(
      "/manage/Complaint/setStatus",
      { id: waiting.id, status: 1, remark: " account disabled " },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const handled = (await listed({ status: 1 })).list.find(
      (c) => c.id === waiting.id,
    );
    expect(handled).toMatchObject({
      status: 1,
      remark: "account disabled",
      handled_by: "Administrator",
    });
    expect(handled?.handled_at).toBeGreaterThan(0);
    expect((await listed({ status: 0 })).list.map((c) => c.id)).not.toContain(
      waiting.id,
    );
    const audit = await call(
      "/manage/audit/index",
      { action: "complaint.status", target_id: String(waiting.id) },
      admin,
    );
    expect(audit.data).toEqual([
      expect.objectContaining({
        before: { status: 0, remark: "" },
        after: { status: 1, remark: "account disabled" },
      }),
    ]);
    // Once decided, reporting again files a new report.
    await report(ann, { type: "user", id: bob.userId, reason: "fraud" });
    expect(
      (await listed({ status: 0 })).list.filter(
        (c) => c.target_id === bob.userId && c.type === "user",
      ),
    ).toHaveLength(1);
  });

  it("shows a withdrawn message and a disbanded group as gone", async () => {
    const [owner, member] = await registerMany(api, 2, "Gone");
    const third = await registerAndLogin(api);
    const groupId = await makeGroup(owner, [member, third]);
    const clientId = randomUUID();
    const sent = await call(
      "/enterprise/im/sendMessage",
      {
        id: clientId,
        toContactId: `group-${String(groupId)}`,
        type: "text",
        content: "soon gone",
      },
      owner,
    );
    const msgId = (sent.data as { msg_id: number }).msg_id;
    await report(member, { type: "message", id: msgId, reason: "abuse" });
    await report(member, { type: "group", id: groupId, reason: "abuse" });
    const undo = await call(
      "/enterprise/im/undoMessage",
      { id: clientId },
      owner,
    );
    expect(undo.code, undo.msg).toBe(0);
    const message = (await listed()).list.find(
      (c) => c.type === "message" && c.target_id === msgId,
    );
    expect(message?.target).toMatchObject({
      name: "Gone 1",
      chat: "Reported team",
      group: true,
      text: "",
      exists: false,
    });
    const disband = await call(
      "/enterprise/group/removeGroup",
      { id: groupId },
      owner,
    );
    expect(disband.code, disband.msg).toBe(0);
    const { list } = await listed();
    expect(
      list.find((c) => c.type === "group" && c.target_id === groupId)?.target,
    ).toMatchObject({ name: "Reported team", exists: false });
    // Its messages went with it: the report stays, pointing at nothing.
    expect(
      list.find((c) => c.type === "message" && c.target_id === msgId)?.target
        .exists,
    ).toBe(false);
  });

  it.each([
    [{ id: 999_999, status: 1 }, "Report not found"],
    [{ id: 0, status: 1 }, "Report not found"],
    [{ id: 1, status: 0 }, null],
    [{ id: 1, status: 3 }, null],
    [{ id: 1, status: 1, remark: "x".repeat(201) }, null],
  ])("setStatus refuses %j", async (body, msg) => {
    const res = await call("/manage/Complaint/setStatus", body, admin);
    expect(res.code).not.toBe(0);
    if (msg !== null) expect(res.msg).toBe(msg);
  });

  it("demo mode lists and decides nothing", async () => {
    const demo = await startTestApp({ DEMO_MODE: "1" });
    try {
      const demoAdmin = await loginAdmin(demo);
      const list = await call("/manage/Complaint/index", {}, demoAdmin, demo);
      expect(list.code, list.msg).toBe(0);
      const res = await call(
        "/manage/Complaint/setStatus",
        { id: 1, status: 1 },
        demoAdmin,
        demo,
      );
      expect(res.code).toBe(400);
      expect(res.msg).toMatch(/demo/i);
    } finally {
      await demo.close();
    }
  });
});

describe("suggestions", () => {
  it("files a suggestion with its words and no target; every one counts; the console lists it", async () => {
    const [sue] = await registerMany(api, 1, "Suggester");
    for (const words of [
      "  Dark mode for the console  ",
      "A bigger emoji panel",
    ]) {
      const res = await report(sue, { type: "suggestion", content: words });
      expect(res).toMatchObject({
        code: 0,
        msg: "Thank you for the suggestion: the administrators will read it",
      });
    }
    const { list } = await listed({ type: "suggestion" });
    const mine = list.filter((c) => c.reporter.user_id === sue.userId);
    expect(mine.map((c) => c.content)).toEqual([
      "A bigger emoji panel",
      "Dark mode for the console",
    ]);
    expect(mine[0]).toMatchObject({
      type: "suggestion",
      target_id: 0,
      status: 0,
      target: { exists: true, name: "" },
    });
  });

  it.each([
    [{ type: "suggestion" }, null],
    [{ type: "suggestion", content: "   " }, "Write your suggestion"],
    [
      { type: "suggestion", content: "x".repeat(501) },
      "Say what happened in at most 500 characters",
    ],
  ])("refuses %j", async (body, msg) => {
    const [sam] = await registerMany(api, 1, "Empty");
    const res = await report(sam, body);
    expect(res.code).not.toBe(0);
    if (msg !== null) expect(res.msg).toBe(msg);
    expect(
      (await listed({ type: "suggestion" })).list.some(
        (c) => c.reporter.user_id === sam.userId,
      ),
    ).toBe(false);
  });
});
