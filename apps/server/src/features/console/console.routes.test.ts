import { randomUUID } from "node:crypto";
import { ContactSchema, manage } from "@parley/protocol";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  loginAdmin,
  newAccount,
  registerAndLogin,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink.js";
import { openSocket } from "../../../test/ws-client.js";

/*
 * The console's users, home, settings extras and audit log (issue 12): every call for
 * administrators only (a user gets exactly the missing-call answer), checked by the
 * capability table (super administrator, administrator, own account, demo mode), each
 * change in the audit log; nothing secret in any answer.
 */
let api: TestApp;
let demo: TestApp;
let smtp: SmtpSink;
let admin: TestUser;

const SMTP_SECRET = "smtp-secret-Value-42";

beforeAll(async () => {
  smtp = await startSmtpSink();
  api = await startTestApp({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_USER: "mailer",
    SMTP_PASS: SMTP_SECRET,
    SMTP_FROM: "Parley <p@localhost>",
  });
  demo = await startTestApp({ DEMO_MODE: "1" });
  admin = await loginAdmin(api);
});
afterAll(async () => {
  await api.close();
  await demo.close();
  await smtp.close();
});

const en = { "Accept-Language": "en" };
const call = (
  path: string,
  body: object,
  user: TestUser | null,
  app: TestApp = api,
) => app.post(path, body, { token: user?.token, headers: en });

/** A new user made by the seeded super administrator, and signed in. */
async function someone(
  fields: Record<string, unknown> = {},
): Promise<TestUser> {
  const account = newAccount("c");
  const password = "secret12";
  const res = await call(
    "/manage/User/add",
    { account, realname: "Console made", password, ...fields },
    admin,
  );
  if (res.code !== 0) throw new Error(`add failed: ${res.msg}`);
  const login = await api.post("/common/pub/login", { account, password });
  const data = login.data as {
    authToken: string;
    userInfo: { user_id: number };
  };
  return {
    userId: data.userInfo.user_id,
    account,
    password,
    token: data.authToken,
  };
}

async function auditOf(action: string, targetId: number | string) {
  const res = await call(
    "/manage/audit/index",
    { action, target_id: String(targetId) },
    admin,
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as Array<Record<string, unknown>>;
}

describe("who may call the console", () => {
  const CALLS: Array<[string, object]> = [
    ["/manage/User/index", {}],
    ["/manage/User/detail", { user_id: 1 }],
    ["/manage/User/add", { account: "x", realname: "x", password: "x" }],
    ["/manage/User/edit", { user_id: 1, account: "x", realname: "x" }],
    ["/manage/User/del", { user_id: 1 }],
    ["/manage/User/editPassword", { user_id: 1, password: "x" }],
    ["/manage/User/setStatus", { user_id: 1, status: 1 }],
    ["/manage/User/setRole", { user_id: 1, role: 1 }],
    ["/manage/index/index", {}],
    ["/manage/config/getSettings", {}],
    ["/manage/config/getAllConfig", {}],
    ["/manage/config/getConfig", { name: "smtp" }],
    ["/manage/config/getInviteLink", {}],
    ["/manage/config/sendTestEmail", { email: "a@b.co" }],
    ["/manage/audit/index", {}],
    ["/manage/audit/export", {}],
    ["/manage/Group/index", {}],
    ["/manage/Group/userList", { group_id: 1 }],
    ["/manage/Group/addGroupUser", { group_id: 1, user_ids: [1] }],
    ["/manage/Group/delGroupUser", { group_id: 1, user_id: 1 }],
    ["/manage/Group/changeOwner", { group_id: 1, user_id: 1 }],
    ["/manage/Group/setManager", { group_id: 1, user_id: 1, role: 2 }],
    ["/manage/Group/del", { group_id: 1 }],
    ["/manage/message/index", {}],
    ["/manage/message/getContacts", {}],
    ["/manage/message/dealMsg", { id: "x" }],
    ["/manage/collect/index", {}],
    ["/manage/collect/delCollect", { id: 1 }],
    ["/manage/Article/index", {}],
    ["/manage/Article/detail", { id: 1 }],
    ["/manage/Article/add", { title: "x", content: "<p>x</p>" }],
    ["/manage/Article/edit", { id: 1, title: "x", content: "<p>x</p>" }],
    ["/manage/Article/setStatus", { id: 1, status: 1 }],
    ["/manage/Article/del", { id: 1 }],
    ["/manage/files/del", { file_id: 1 }],
  ];

  it.each(CALLS)(
    "%s: a visitor signs in first, a user gets the missing-call answer",
    async (path, body) => {
      const user = await registerAndLogin(api);
      expect((await call(path, body, null)).code).toBe(-1);
      const refused = await call(path, body, user);
      const missing = await call("/manage/no/such/call", body, user);
      expect(refused).toEqual(missing);
      expect(refused.code).toBe(404);
    },
  );

  const WRITES = CALLS.filter(([path]) =>
    /add|edit|del|setStatus|setRole|getInviteLink|sendTestEmail|changeOwner|setManager|dealMsg|delCollect/i.test(
      path,
    ),
  );
  it.each(WRITES)(
    "%s: demo mode refuses every change, to anyone",
    async (path, body) => {
      const demoAdmin = await loginAdmin(demo);
      const user = await registerAndLogin(demo);
      for (const who of [demoAdmin, user]) {
        const res = await call(path, body, who, demo);
        expect(res.code).not.toBe(0);
        expect(res.key).toBe("demo.readOnly");
      }
    },
  );

  it("demo mode lets anyone signed in look", async () => {
    const user = await registerAndLogin(demo);
    for (const path of [
      "/manage/User/index",
      "/manage/index/index",
      "/manage/audit/index",
    ])
      expect((await call(path, {}, user, demo)).code).toBe(0);
  });
});

describe("manage/User/index and detail", () => {
  it("searches by realname, account, pinyin and email, and never answers a secret", async () => {
    const tag = newAccount("find");
    const made = await someone({
      realname: "张三丰",
      email: `${tag}@example.com`,
    });
    for (const keywords of [
      "张三",
      "zhangsan",
      made.account.slice(0, 6),
      tag,
    ]) {
      const res = await call("/manage/User/index", { keywords }, admin);
      expect(res.code, res.msg).toBe(0);
      const ids = (res.data as Array<{ user_id: number }>).map(
        (u) => u.user_id,
      );
      expect(ids, keywords).toContain(made.userId);
    }
    const res = await call(
      "/manage/User/index",
      { keywords: made.account },
      admin,
    );
    const text = JSON.stringify(res);
    expect(text).not.toMatch(/password|salt|argon/i);
    const detail = await call(
      "/manage/User/detail",
      { user_id: made.userId },
      admin,
    );
    expect(manage.ConsoleUserSchema.parse(detail.data).account).toBe(
      made.account,
    );
    expect(JSON.stringify(detail)).not.toMatch(/password|salt|argon/i);
  });

  it("takes a LIKE wildcard literally", async () => {
    const res = await call("/manage/User/index", { keywords: "%" }, admin);
    expect(res.code).toBe(0);
    expect(res.count).toBe(0);
  });

  it("filters by status and role, sorts, pages, and counts", async () => {
    const [a, b, c] = [await someone(), await someone(), await someone()];
    await call(
      "/manage/User/setStatus",
      { user_id: b.userId, status: 0 },
      admin,
    );
    const disabled = await call(
      "/manage/User/index",
      { status: 0, limit: 100 },
      admin,
    );
    const ids = (
      disabled.data as Array<{ user_id: number; status: number }>
    ).map((u) => u.user_id);
    expect(ids).toContain(b.userId);
    expect(ids).not.toContain(a.userId);
    const admins = await call("/manage/User/index", { role: 1 }, admin);
    expect(
      (admins.data as Array<{ role: number }>).every((u) => u.role === 1),
    ).toBe(true);

    const asc = await call(
      "/manage/User/index",
      { order_field: "user_id", order_type: 1, limit: 10, page: 1 },
      admin,
    );
    const ascIds = (asc.data as Array<{ user_id: number }>).map(
      (u) => u.user_id,
    );
    expect(ascIds).toEqual([...ascIds].sort((x, y) => x - y));
    const desc = await call("/manage/User/index", { limit: 10 }, admin);
    expect(
      (desc.data as Array<{ user_id: number }>)[0]?.user_id,
    ).toBeGreaterThanOrEqual(c.userId);
    expect(desc.count).toBeGreaterThanOrEqual(4);
    expect(desc.page).toBe(1);
  });

  it.each([
    [{ limit: 7 }, "limit"],
    [{ order_field: "password_hash" }, "order_field"],
    [{ order_type: 3 }, "order_type"],
    [{ status: 5 }, "status"],
    [{ keywords: "x".repeat(65) }, "keywords"],
    [{ page: 0 }, "page"],
  ])("refuses %j (%s)", async (body, _field) => {
    const res = await call("/manage/User/index", body, admin);
    expect(res.code).not.toBe(0);
    expect(res.status).toBe(200);
  });

  it("a missing or deleted user answers not found", async () => {
    expect(
      (await call("/manage/User/detail", { user_id: 999_999 }, admin)).key,
    ).toBe("console.userNotFound");
    const gone = await someone();
    await call("/manage/User/del", { user_id: gone.userId }, admin);
    expect(
      (await call("/manage/User/detail", { user_id: gone.userId }, admin)).key,
    ).toBe("console.userNotFound");
  });
});

describe("manage/User/add", () => {
  it("creates an account that signs in, with the fields given, and audits it", async () => {
    const account = newAccount("new");
    const res = await call(
      "/manage/User/add",
      {
        account,
        realname: "  Made Here ",
        password: "pass1234",
        email: "made@example.com",
        sex: 1,
        remark: "from the console",
        friend_limit: 10,
        group_limit: 3,
      },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const user = manage.ConsoleUserSchema.parse(res.data);
    expect(user).toMatchObject({
      account,
      realname: "Made Here",
      email: "made@example.com",
      sex: 1,
      remark: "from the console",
      friend_limit: 10,
      group_limit: 3,
      role: 0,
      status: 1,
      last_login_time: "--",
    });
    expect(JSON.stringify(res)).not.toMatch(/password|salt|argon/i);
    const login = await api.post("/common/pub/login", {
      account,
      password: "pass1234",
    });
    expect(login.code).toBe(0);
    const [entry] = await auditOf("user.add", user.user_id);
    expect(entry).toMatchObject({ actor_id: admin.userId, before: null });
    expect(entry?.after).toMatchObject({ account, realname: "Made Here" });
    expect(JSON.stringify(entry)).not.toMatch(/pass1234|password_hash/);
  });

  it.each([
    [{ account: "abc" }, "register.accountLength"],
    [{ account: "bad account!" }, "register.accountChars"],
    [{ realname: "x" }, "register.realnameLength"],
    [{ password: "12345" }, "register.passwordLength"],
    [{ email: "not-an-email" }, "console.emailInvalid"],
  ])("refuses %j", async (patch, key) => {
    const before = await call("/manage/User/index", {}, admin);
    const res = await call(
      "/manage/User/add",
      {
        account: newAccount("r"),
        realname: "Fine Name",
        password: "pass1234",
        ...patch,
      },
      admin,
    );
    expect(res.key).toBe(key);
    expect((await call("/manage/User/index", {}, admin)).count).toBe(
      before.count,
    );
  });

  it("refuses an account that exists, in any letter case", async () => {
    const taken = await someone();
    const res = await call(
      "/manage/User/add",
      {
        account: taken.account.toUpperCase(),
        realname: "Twin",
        password: "pass1234",
      },
      admin,
    );
    expect(res.key).toBe("register.accountTaken");
  });

  it("only a super administrator gives a role", async () => {
    const helper = await someone();
    await call(
      "/manage/User/setRole",
      { user_id: helper.userId, role: 2 },
      admin,
    );
    const relogin = await api.post("/common/pub/login", {
      account: helper.account,
      password: helper.password,
    });
    const token = (relogin.data as { authToken: string }).authToken;
    const asAdmin = { ...helper, token };
    const res = await call(
      "/manage/User/add",
      {
        account: newAccount("r"),
        realname: "Raised",
        password: "pass1234",
        role: 1,
      },
      asAdmin,
    );
    expect(res.key).toBe("console.notPermitted");
    const plain = await call(
      "/manage/User/add",
      { account: newAccount("r"), realname: "Plain", password: "pass1234" },
      asAdmin,
    );
    expect(plain.code, plain.msg).toBe(0);
  });
});

describe("manage/User/edit", () => {
  it("changes the profile and records only what changed", async () => {
    const user = await someone();
    const res = await call(
      "/manage/User/edit",
      {
        user_id: user.userId,
        account: user.account,
        realname: "王小明",
        email: "wang@example.com",
        remark: "edited",
        sex: 0,
        friend_limit: 5,
        group_limit: 6,
      },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      realname: "王小明",
      name_py: "wangxiaoming",
      email: "wang@example.com",
      friend_limit: 5,
    });
    const [entry] = await auditOf("user.edit", user.userId);
    expect(entry?.before).toMatchObject({
      realname: "Console made",
      email: "",
    });
    expect(entry?.after).toMatchObject({
      realname: "王小明",
      email: "wang@example.com",
    });
    expect(entry?.after).not.toHaveProperty("account");
  });

  it("refuses another user's account name", async () => {
    const [a, b] = [await someone(), await someone()];
    const res = await call(
      "/manage/User/edit",
      { user_id: a.userId, account: b.account, realname: "Fine Name" },
      admin,
    );
    expect(res.key).toBe("register.accountTaken");
  });

  it("an edit giving a role the caller may not give is refused whole, changing nothing", async () => {
    const helper = await someone();
    await call(
      "/manage/User/setRole",
      { user_id: helper.userId, role: 2 },
      admin,
    );
    const token = (
      (
        await api.post("/common/pub/login", {
          account: helper.account,
          password: helper.password,
        })
      ).data as { authToken: string }
    ).authToken;
    const target = await someone();
    const res = await call(
      "/manage/User/edit",
      {
        user_id: target.userId,
        account: target.account,
        realname: "Still User",
        role: 1,
      },
      { ...helper, token },
    );
    expect(res.key).toBe("console.notPermitted");
    expect(res.msg).not.toBe("");
    const after = await call(
      "/manage/User/detail",
      { user_id: target.userId },
      admin,
    );
    expect(after.data).toMatchObject({ role: 0, realname: "Console made" });
    // The same edit without the role is applied.
    const plain = await call(
      "/manage/User/edit",
      {
        user_id: target.userId,
        account: target.account,
        realname: "Still User",
        role: 0,
      },
      { ...helper, token },
    );
    expect(plain.code, plain.msg).toBe(0);
    expect(plain.data).toMatchObject({ role: 0, realname: "Still User" });
    // …and an administrator may not edit another administrator at all.
    const other = await call(
      "/manage/User/edit",
      { user_id: admin.userId, account: "admin", realname: "Hijack" },
      { ...helper, token },
    );
    expect(other.key).toBe("console.notPermitted");
  });
});

describe("status, role, password and deletion", () => {
  it("disabling ends every session and closes the user's sockets at once", async () => {
    const user = await someone();
    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    const res = await call(
      "/manage/User/setStatus",
      { user_id: user.userId, status: 0 },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const closed = await socket.closed;
    expect(closed.code).not.toBe(1000);
    expect((await call("/enterprise/im/getContacts", {}, user)).code).toBe(-1);
    const login = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
    });
    expect(login.code).not.toBe(0);
    await call(
      "/manage/User/setStatus",
      { user_id: user.userId, status: 1 },
      admin,
    );
    const again = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
    });
    expect(again.code).toBe(0);
    const entries = await auditOf("user.status", user.userId);
    expect(entries.map((e) => e.after)).toEqual([{ status: 1 }, { status: 0 }]);
  });

  it("nobody disables, deletes or demotes their own account", async () => {
    for (const [path, body] of [
      ["/manage/User/setStatus", { user_id: admin.userId, status: 0 }],
      ["/manage/User/del", { user_id: admin.userId }],
      ["/manage/User/setRole", { user_id: admin.userId, role: 0 }],
    ] as const)
      expect((await call(path, body, admin)).key).toBe("console.ownAccount");
  });

  it("the last super administrator stays", async () => {
    const second = await someone();
    await call(
      "/manage/User/setRole",
      { user_id: second.userId, role: 1 },
      admin,
    );
    const token = (
      (
        await api.post("/common/pub/login", {
          account: second.account,
          password: second.password,
        })
      ).data as { authToken: string }
    ).authToken;
    // The second demotes the first; then nobody can demote the second (own role).
    expect(
      (
        await call(
          "/manage/User/setRole",
          { user_id: admin.userId, role: 2 },
          { ...second, token },
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await call(
          "/manage/User/setRole",
          { user_id: second.userId, role: 0 },
          { ...second, token },
        )
      ).key,
    ).toBe("console.ownAccount");
    // Restore: the first becomes super again, then the second steps down.
    expect(
      (
        await call(
          "/manage/User/setRole",
          { user_id: admin.userId, role: 1 },
          { ...second, token },
        )
      ).code,
    ).toBe(0);
    admin = await loginAdmin(api);
    expect(
      (
        await call(
          "/manage/User/setRole",
          { user_id: second.userId, role: 0 },
          admin,
        )
      ).code,
    ).toBe(0);
  });

  it("refuses to leave no enabled super administrator (checked in the service)", async () => {
    const count = await api.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("role", "=", 1)
      .where("status", "=", 1)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it("an administrator changes ordinary users only, and no roles", async () => {
    const helper = await someone();
    await call(
      "/manage/User/setRole",
      { user_id: helper.userId, role: 2 },
      admin,
    );
    const token = (
      (
        await api.post("/common/pub/login", {
          account: helper.account,
          password: helper.password,
        })
      ).data as { authToken: string }
    ).authToken;
    const me = { ...helper, token };
    const target = await someone();
    expect(
      (
        await call(
          "/manage/User/setStatus",
          { user_id: target.userId, status: 0 },
          me,
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await call(
          "/manage/User/setRole",
          { user_id: target.userId, role: 2 },
          me,
        )
      ).key,
    ).toBe("console.notPermitted");
    for (const [path, body] of [
      ["/manage/User/setStatus", { user_id: admin.userId, status: 0 }],
      [
        "/manage/User/editPassword",
        { user_id: admin.userId, password: "taken123" },
      ],
      ["/manage/User/del", { user_id: admin.userId }],
    ] as const)
      expect((await call(path, body, me)).key).toBe("console.notPermitted");
  });

  it("a new password ends every session; the old one no longer signs in", async () => {
    const user = await someone();
    const res = await call(
      "/manage/User/editPassword",
      { user_id: user.userId, password: "fresh-pass" },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect((await call("/enterprise/im/getContacts", {}, user)).code).toBe(-1);
    expect(
      (
        await api.post("/common/pub/login", {
          account: user.account,
          password: user.password,
        })
      ).code,
    ).not.toBe(0);
    expect(
      (
        await api.post("/common/pub/login", {
          account: user.account,
          password: "fresh-pass",
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await call(
          "/manage/User/editPassword",
          { user_id: user.userId, password: "123" },
          admin,
        )
      ).key,
    ).toBe("register.passwordLength");
    const [entry] = await auditOf("user.password", user.userId);
    expect(JSON.stringify(entry)).not.toContain("fresh-pass");
  });

  it("deletes an account: its friendships and memberships go, the groups are told, the name stays taken", async () => {
    const [owner, friend] = await registerMany(api, 2, "Del");
    const gone = await someone();
    const created = await api.post(
      "/enterprise/group/add",
      { name: "Stay team", user_ids: [gone.userId, friend.userId] },
      { token: owner.token },
    );
    const group = ContactSchema.parse(created.data);
    const socket = await openSocket(api.url);
    await socket.bind(owner.token);
    const res = await call("/manage/User/del", { user_id: gone.userId }, admin);
    expect(res.code, res.msg).toBe(0);
    const removed = await socket.next("removeUser");
    expect(removed.data).toMatchObject({
      group_id: group.id,
      user_id: gone.userId,
    });
    await socket.close();
    const members = await api.db
      .selectFrom("group_members")
      .select("user_id")
      .where("group_id", "=", group.group_id ?? 0)
      .execute();
    expect(members.map((m) => m.user_id)).not.toContain(gone.userId);
    expect((await call("/enterprise/im/getContacts", {}, gone)).code).toBe(-1);
    expect(
      (
        await api.post("/common/pub/login", {
          account: gone.account,
          password: gone.password,
        })
      ).code,
    ).not.toBe(0);
    const again = await call(
      "/manage/User/add",
      { account: gone.account, realname: "Impostor", password: "pass1234" },
      admin,
    );
    expect(again.key).toBe("register.accountTaken");
    const [entry] = await auditOf("user.delete", gone.userId);
    expect(entry?.before).toMatchObject({ account: gone.account });
  });

  it("refuses to delete a group's owner", async () => {
    const owner = await someone();
    const [m1, m2] = await registerMany(api, 2, "Own");
    await api.post(
      "/enterprise/group/add",
      { name: "Owned team", user_ids: [m1.userId, m2.userId] },
      { token: owner.token },
    );
    const res = await call(
      "/manage/User/del",
      { user_id: owner.userId },
      admin,
    );
    expect(res.key).toBe("console.ownsGroups");
    expect(res.msg).toContain("1");
    expect(
      (await call("/manage/User/detail", { user_id: owner.userId }, admin))
        .code,
    ).toBe(0);
  });

  it.each([
    ["/manage/User/setStatus", { status: 0 }],
    ["/manage/User/setRole", { role: 2 }],
    ["/manage/User/editPassword", { password: "pass1234" }],
    ["/manage/User/del", {}],
  ] as const)("%s on a missing user answers not found", async (path, body) => {
    const res = await call(path, { user_id: 987_654, ...body }, admin);
    expect(res.key).toBe("console.userNotFound");
  });
});

describe("the audit log", () => {
  it("is append-only in the database itself", async () => {
    await someone();
    await expect(
      sql`update audit_log set actor_name = 'someone else'`.execute(api.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(api.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it("filters by actor and time, and exports CSV safe to open in a spreadsheet", async () => {
    const user = await someone({ realname: "=HYPERLINK(1)" });
    const mine = await call(
      "/manage/audit/index",
      { actor_id: admin.userId, limit: 10 },
      admin,
    );
    expect(mine.code, mine.msg).toBe(0);
    expect(
      (mine.data as Array<{ actor_id: number }>).every(
        (e) => e.actor_id === admin.userId,
      ),
    ).toBe(true);
    const future = await call(
      "/manage/audit/index",
      { from: api.clock.now() + 86_400_000 },
      admin,
    );
    expect(future.count).toBe(0);
    const exported = await call(
      "/manage/audit/export",
      { action: "user.add", target_id: String(user.userId) },
      admin,
    );
    expect(exported.code, exported.msg).toBe(0);
    const { csv, filename } = exported.data as {
      csv: string;
      filename: string;
    };
    expect(filename).toMatch(/^parley-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("user.add");
    // The typed formula is inside a JSON cell, quoted; no cell starts with "=".
    for (const cell of lines[1]?.match(/"(?:[^"]|"")*"/g) ?? [])
      expect(cell.startsWith('"=')).toBe(false);
  });

  it("refuses a bad filter", async () => {
    expect(
      (await call("/manage/audit/index", { action: "drop.table" }, admin)).code,
    ).not.toBe(0);
    expect(
      (await call("/manage/audit/index", { limit: 1000 }, admin)).code,
    ).not.toBe(0);
  });
});

describe("manage/index/index", () => {
  it("counts users, groups, messages and online sockets, with today's figures", async () => {
    const [a, b] = await registerMany(api, 2, "Dash");
    const socket = await openSocket(api.url);
    await socket.bind(a.token);
    const sent = await call(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        toContactId: b.userId,
        type: "text",
        content: "hello",
        is_group: 0,
      },
      a,
    );
    expect(sent.code, sent.msg).toBe(0);
    const res = await call("/manage/index/index", {}, admin);
    expect(res.code, res.msg).toBe(0);
    const figures = manage.dashboard.response.parse(res.data);
    expect(figures.userCount).toBeGreaterThanOrEqual(3);
    expect(figures.messageCount).toBeGreaterThanOrEqual(1);
    expect(figures.onlineCount).toBeGreaterThanOrEqual(1);
    expect(figures.clientCount).toBeGreaterThanOrEqual(1);
    expect(figures.messagesToday).toBeGreaterThanOrEqual(1);
    expect(figures.daily).toHaveLength(30);
    const today = figures.daily.at(-1);
    expect(today?.day).toBe(
      new Date(api.clock.now()).toISOString().slice(0, 10),
    );
    expect(today?.registrations).toBeGreaterThanOrEqual(2);
    await socket.close();
  });
});

describe("config extras", () => {
  it("getSettings answers every section and no secret", async () => {
    const res = await call("/manage/config/getSettings", {}, admin);
    expect(res.code, res.msg).toBe(0);
    const all = manage.AllConfigSchema.parse(res.data);
    expect(all.smtp).toMatchObject({
      host: "127.0.0.1",
      user: "mailer",
      hasPassword: true,
    });
    expect(all.storage.disk).toBe("local");
    expect(JSON.stringify(res)).not.toContain(SMTP_SECRET);
    expect(JSON.stringify(res)).not.toMatch(
      /"(secret|pass|accessKey|secretKey)"|webPushKeys|privateKey/i,
    );
  });

  it("sends a test email through the SMTP server, and refuses a bad address", async () => {
    const res = await call(
      "/manage/config/sendTestEmail",
      { email: "ops@example.com" },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe("Test email sent");
    expect(smtp.mails.some((m) => m.to.includes("ops@example.com"))).toBe(true);
    // The server's stored password went to the mail server, and nowhere else.
    expect(smtp.logins).toContainEqual({ user: "mailer", pass: SMTP_SECRET });
    expect(
      (await call("/manage/config/sendTestEmail", { email: "nope" }, admin))
        .key,
    ).toBe("console.emailInvalid");
  });

  it("says so when no mail server is set up", async () => {
    const demoAdmin = await loginAdmin(demo);
    // The demo app has no SMTP; demo mode refuses first, so use a plain app.
    expect(
      (
        await call(
          "/manage/config/sendTestEmail",
          { email: "a@b.co" },
          demoAdmin,
          demo,
        )
      ).key,
    ).toBe("demo.readOnly");
    const plain = await startTestApp();
    try {
      const who = await loginAdmin(plain);
      const res = await call(
        "/manage/config/sendTestEmail",
        { email: "a@b.co" },
        who,
        plain,
      );
      expect(res.key).toBe("console.mailNotConfigured");
    } finally {
      await plain.close();
    }
  });
});

describe("registration by invitation (regtype 2)", () => {
  it("needs a valid, unexpired code from the console's link", async () => {
    await saveConfig(api, "sysInfo", { regtype: "2" });
    try {
      const register = (inviteCode?: string) =>
        api.post(
          "/common/pub/register",
          {
            account: newAccount("inv"),
            realname: "Invited",
            password: "pass1234",
            ...(inviteCode ? { inviteCode } : {}),
          },
          { headers: en },
        );
      expect((await register()).key).toBe("register.inviteRequired");
      expect((await register("NOPE1234")).key).toBe("register.inviteInvalid");
      const link = await call("/manage/config/getInviteLink", {}, admin);
      expect(link.code, link.msg).toBe(0);
      const code = /inviteCode=([A-Za-z0-9]{8})$/.exec(
        link.data as string,
      )?.[1];
      expect(code).toBeDefined();
      expect((await register(code)).code).toBe(0);
      expect((await register(code)).code).toBe(0);
      api.clock.advance(8 * 86_400_000);
      expect((await register(code)).key).toBe("register.inviteInvalid");
    } finally {
      await saveConfig(api, "sysInfo", { regtype: "1" });
    }
  });
});

describe("manage/Group/*", () => {
  async function team(name: string) {
    const [owner, m1, m2, outsider] = await registerMany(api, 4, name);
    const created = await api.post(
      "/enterprise/group/add",
      { name, user_ids: [m1.userId, m2.userId] },
      { token: owner.token },
    );
    const group = ContactSchema.parse(created.data);
    return { owner, m1, m2, outsider, group, groupId: group.group_id ?? 0 };
  }

  it("lists groups by name, with owner and member count, and a group's members", async () => {
    const { owner, group, groupId } = await team("Console Find 组");
    const res = await call(
      "/manage/Group/index",
      { keywords: "console find" },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const [row] = manage.groupIndex.response.parse(res.data);
    expect(row).toMatchObject({
      group_id: groupId,
      id: group.id,
      owner_id: owner.userId,
      members: 3,
    });
    expect(row?.owner_id_info.realname).toBe("Console Find 组 1");
    const members = await call(
      "/manage/Group/userList",
      { group_id: group.id },
      admin,
    );
    expect(members.count).toBe(3);
    expect((members.data as Array<{ role: number }>)[0]?.role).toBe(1);
    expect(
      (await call("/manage/Group/userList", { group_id: 999_999 }, admin)).key,
    ).toBe("group.notFound");
  });

  it("adds members (any active user, run mode aside) with the events members get", async () => {
    const { owner, outsider, group, groupId } = await team("Console Add");
    const watch = await openSocket(api.url);
    await watch.bind(owner.token);
    const newcomer = await openSocket(api.url);
    await newcomer.bind(outsider.token);
    const res = await call(
      "/manage/Group/addGroupUser",
      { group_id: groupId, user_ids: [outsider.userId] },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect((await watch.next("addGroupUser")).data).toMatchObject({
      group_id: group.id,
    });
    expect((await newcomer.next("addGroup")).data).toMatchObject({
      id: group.id,
    });
    await watch.close();
    await newcomer.close();
    expect(
      (
        await call(
          "/manage/Group/addGroupUser",
          { group_id: groupId, user_ids: [987_654] },
          admin,
        )
      ).key,
    ).toBe("group.userNotFound");
    const [entry] = await auditOf("group.addMembers", groupId);
    expect(entry?.after).toEqual({ user_ids: [outsider.userId] });
  });

  it("removes a member but not the owner, and tells the members", async () => {
    const { owner, m1, group, groupId } = await team("Console Remove");
    const watch = await openSocket(api.url);
    await watch.bind(owner.token);
    expect(
      (
        await call(
          "/manage/Group/delGroupUser",
          { group_id: groupId, user_id: m1.userId },
          admin,
        )
      ).code,
    ).toBe(0);
    expect((await watch.next("removeUser")).data).toMatchObject({
      group_id: group.id,
      user_id: m1.userId,
    });
    await watch.close();
    expect(
      (
        await call(
          "/manage/Group/delGroupUser",
          { group_id: groupId, user_id: owner.userId },
          admin,
        )
      ).code,
    ).not.toBe(0);
    expect(
      (
        await call(
          "/manage/Group/delGroupUser",
          { group_id: groupId, user_id: m1.userId },
          admin,
        )
      ).key,
    ).toBe("group.memberNotFound");
  });

  it("hands a group to a member and sets administrators", async () => {
    const { owner, m1, m2, outsider, group, groupId } =
      await team("Console Owner");
    expect(
      (
        await call(
          "/manage/Group/changeOwner",
          { group_id: groupId, user_id: m1.userId },
          admin,
        )
      ).code,
    ).toBe(0);
    const roles = await api.db
      .selectFrom("group_members")
      .select(["user_id", "role"])
      .where("group_id", "=", groupId)
      .execute();
    const roleOf = (id: number) => roles.find((r) => r.user_id === id)?.role;
    expect(roleOf(m1.userId)).toBe(1);
    expect(roleOf(owner.userId)).toBe(3);
    expect(
      (
        await call(
          "/manage/Group/setManager",
          { group_id: group.id, user_id: m2.userId, role: 2 },
          admin,
        )
      ).code,
    ).toBe(0);
    // The owner's role changes only by a transfer; a stranger is no member.
    expect(
      (
        await call(
          "/manage/Group/setManager",
          { group_id: groupId, user_id: m1.userId, role: 3 },
          admin,
        )
      ).code,
    ).not.toBe(0);
    expect(
      (
        await call(
          "/manage/Group/changeOwner",
          { group_id: groupId, user_id: outsider.userId },
          admin,
        )
      ).key,
    ).toBe("group.memberNotFound");
    expect(
      (
        await call(
          "/manage/Group/setManager",
          { group_id: groupId, user_id: m2.userId, role: 1 },
          admin,
        )
      ).code,
    ).not.toBe(0);
  });

  it("disbands a group for everyone; a missing group answers not found", async () => {
    const { m1, group, groupId } = await team("Con Disband");
    const watch = await openSocket(api.url);
    await watch.bind(m1.token);
    expect(
      (await call("/manage/Group/del", { group_id: groupId }, admin)).code,
    ).toBe(0);
    expect((await watch.next("removeGroup")).data).toMatchObject({
      group_id: group.id,
    });
    await watch.close();
    expect(
      (await call("/manage/Group/del", { group_id: groupId }, admin)).key,
    ).toBe("group.notFound");
    expect(
      (await call("/manage/Group/index", { keywords: "Con Disband" }, admin))
        .count,
    ).toBe(0);
  });

  it("a group call by a user answers like a missing call; demo mode refuses changes", async () => {
    const { owner, groupId } = await team("Console Guard");
    const refused = await call(
      "/manage/Group/del",
      { group_id: groupId },
      owner,
    );
    expect(refused.code).toBe(404);
    const demoAdmin = await loginAdmin(demo);
    expect(
      (await call("/manage/Group/del", { group_id: 1 }, demoAdmin, demo)).key,
    ).toBe("demo.readOnly");
  });
});

describe("the message centre", () => {
  async function chat() {
    const [a, b] = await registerMany(api, 2, "Centre");
    const send = async (content: string, from = a, to = b) => {
      const id = randomUUID();
      const res = await call(
        "/enterprise/im/sendMessage",
        { id, toContactId: to.userId, type: "text", content, is_group: 0 },
        from,
      );
      expect(res.code, res.msg).toBe(0);
      return { id, msgId: (res.data as { msg_id: number }).msg_id };
    };
    return { a, b, send };
  }

  it("reads any conversation, newest first, searched by words; the parties of a user", async () => {
    const { a, b, send } = await chat();
    await send("first hello");
    await send("second words", b, a);
    await send("third hello");
    const res = await call(
      "/manage/message/index",
      { user_id: a.userId, toContactId: b.userId },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const rows = manage.messageIndex.response.parse(res.data);
    expect(rows.map((m) => m.content)).toEqual([
      "third hello",
      "second words",
      "first hello",
    ]);
    expect(rows[0]?.toName).toBe("Centre 2");
    expect(rows[1]?.toName).toBe("Centre 1");
    const found = await call(
      "/manage/message/index",
      { user_id: b.userId, toContactId: a.userId, keywords: "hello" },
      admin,
    );
    expect(found.count).toBe(2);
    const parties = await call(
      "/manage/message/getContacts",
      { user_id: a.userId },
      admin,
    );
    expect(parties.code, parties.msg).toBe(0);
    expect((parties.data as Array<{ id: number }>).map((p) => p.id)).toEqual([
      b.userId,
    ]);
    const users = await call(
      "/manage/message/getContacts",
      { keywords: "Centre" },
      admin,
    );
    expect(
      (users.data as Array<{ user_id: number }>).map((u) => u.user_id),
    ).toEqual(expect.arrayContaining([a.userId, b.userId]));
  });

  it("lists the newest of the whole system by cursor, and asks for a chat to search words", async () => {
    const { send } = await chat();
    const last = await send("system wide newest");
    const res = await call("/manage/message/index", { limit: 10 }, admin);
    const rows = manage.messageIndex.response.parse(res.data);
    expect(rows[0]?.msg_id).toBe(last.msgId);
    const older = await call(
      "/manage/message/index",
      { limit: 10, last_id: last.msgId },
      admin,
    );
    expect(
      (older.data as Array<{ msg_id: number }>).every(
        (m) => m.msg_id < last.msgId,
      ),
    ).toBe(true);
    const groups = await call(
      "/manage/message/index",
      { is_group: 2, limit: 10 },
      admin,
    );
    expect(
      (groups.data as Array<{ is_group: number }>).every(
        (m) => m.is_group === 1,
      ),
    ).toBe(true);
    expect(
      (await call("/manage/message/index", { keywords: "hello" }, admin)).key,
    ).toBe("console.chooseChat");
    expect(
      (await call("/manage/message/index", { user_id: 1 }, admin)).key,
    ).toBe("console.chooseChat");
    expect(
      (await call("/manage/message/index", { type: "password" }, admin)).code,
    ).not.toBe(0);
  });

  it("masks a message for everyone: both sides are told and it stays masked", async () => {
    const { a, b, send } = await chat();
    const sent = await send("something offensive");
    const [sa, sb] = [await openSocket(api.url), await openSocket(api.url)];
    await sa.bind(a.token);
    await sb.bind(b.token);
    const res = await call(
      "/manage/message/dealMsg",
      { id: sent.id, dealType: 2 },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    for (const socket of [sa, sb]) {
      const update = await socket.next("updateMessage");
      expect(update.data).toEqual({
        id: sent.id,
        type: "text",
        content: manage.MASKED_CONTENT,
      });
      await socket.close();
    }
    const page = await call(
      "/enterprise/im/getMessageList",
      { toContactId: a.userId },
      b,
    );
    const contents = (page.data as Array<{ content: string }>).map(
      (m) => m.content,
    );
    expect(contents).toContain(manage.MASKED_CONTENT);
    expect(contents).not.toContain("something offensive");
    const [entry] = await auditOf("message.mask", sent.msgId);
    expect(entry?.before).toMatchObject({
      content: "something offensive",
      from_user: a.userId,
    });
  });

  it("deletes a message for everyone, in a group too", async () => {
    const [owner, m1, m2] = await registerMany(api, 3, "CentreG");
    const created = await api.post(
      "/enterprise/group/add",
      { name: "Centre group", user_ids: [m1.userId, m2.userId] },
      { token: owner.token },
    );
    const group = ContactSchema.parse(created.data);
    const id = randomUUID();
    const sent = await call(
      "/enterprise/im/sendMessage",
      {
        id,
        toContactId: group.id,
        type: "text",
        content: "to be removed",
        is_group: 1,
      },
      m1,
    );
    expect(sent.code, sent.msg).toBe(0);
    const watch = await openSocket(api.url);
    await watch.bind(m2.token);
    expect(
      (await call("/manage/message/dealMsg", { id, dealType: 1 }, admin)).code,
    ).toBe(0);
    expect((await watch.next("delMessage")).data).toMatchObject({
      id,
      toContactId: group.id,
    });
    await watch.close();
    const page = await call(
      "/enterprise/im/getMessageList",
      { toContactId: group.id },
      m2,
    );
    expect(
      (page.data as Array<{ content: string }>).map((m) => m.content),
    ).not.toContain("to be removed");
    expect(
      (await call("/manage/message/dealMsg", { id, dealType: 1 }, admin)).key,
    ).toBe("message.notFound");
    const inGroup = await call(
      "/manage/message/index",
      { user_id: m1.userId, toContactId: group.id },
      admin,
    );
    expect(inGroup.code, inGroup.msg).toBe(0);
  });

  it("a user's dealMsg answers like a missing call; demo mode refuses it", async () => {
    const { a, send } = await chat();
    const sent = await send("mine");
    expect(
      (await call("/manage/message/dealMsg", { id: sent.id }, a)).code,
    ).toBe(404);
    const demoAdmin = await loginAdmin(demo);
    expect(
      (await call("/manage/message/dealMsg", { id: sent.id }, demoAdmin, demo))
        .key,
    ).toBe("demo.readOnly");
  });
});

describe("manage/collect", () => {
  it("lists everyone's favourites with who saved them, and removes one (its message stays)", async () => {
    const [a, b] = await registerMany(api, 2, "Saver");
    const sent = await call(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        toContactId: b.userId,
        type: "text",
        content: "keep this",
        is_group: 0,
      },
      a,
    );
    const msgId = (sent.data as { msg_id: number }).msg_id;
    const saved = await call("/enterprise/collect/add", { msg_id: msgId }, b);
    expect(saved.code, saved.msg).toBe(0);
    const favouriteId = (saved.data as { id: number }).id;
    const res = await call(
      "/manage/collect/index",
      { user_id: b.userId },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const [row] = manage.collectIndex.response.parse(res.data);
    expect(row).toMatchObject({
      id: favouriteId,
      user: { user_id: b.userId, realname: "Saver 2" },
      message: { content: "keep this", toName: "Saver 2" },
    });
    expect(
      (await call("/manage/collect/index", {}, admin)).count,
    ).toBeGreaterThanOrEqual(1);
    expect(
      (await call("/manage/collect/delCollect", { id: favouriteId }, admin))
        .code,
    ).toBe(0);
    expect((await call("/enterprise/collect/index", {}, b)).count).toBe(0);
    expect(
      (await call("/manage/collect/delCollect", { id: favouriteId }, admin))
        .key,
    ).toBe("favourite.notFound");
    const page = await call(
      "/enterprise/im/getMessageList",
      { toContactId: a.userId },
      b,
    );
    expect(
      (page.data as Array<{ content: string }>).map((m) => m.content),
    ).toContain("keep this");
    const [entry] = await auditOf("favourite.delete", msgId);
    expect(entry?.before).toMatchObject({
      favourite_id: favouriteId,
      user_id: b.userId,
    });
  });
});

describe("settings in the audit log", () => {
  it("records the changed fields of a saved section, a password only as changed", async () => {
    const before = (await api.services.system.config()).chatInfo.redoTime;
    const res = await call(
      "/manage/config/setConfig",
      {
        name: "chatInfo",
        value: { redoTime: "333", stunPass: "turn-secret", online: "1" },
      },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const [entry] = await auditOf("config.set", "chatInfo");
    expect(entry?.before).toMatchObject({
      redoTime: before,
      stunPass: "********",
    });
    expect(entry?.after).toEqual({ redoTime: "333", stunPass: "********" });
    expect(JSON.stringify(entry)).not.toContain("turn-secret");
    await call(
      "/manage/config/setConfig",
      { name: "chatInfo", value: { redoTime: before, stunPass: "" } },
      admin,
    );
  });
});
