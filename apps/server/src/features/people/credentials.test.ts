import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  mintTicket,
  newAccount,
  type TestUser,
} from "../../../test/factories.js";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink.js";

/*
 * Issue 9: changing one's password (old password, or a type-3 code when the account is
 * verified — the forgotten-password path) and one's account (type-4 codes), over a real
 * SMTP exchange; other sessions end; demo mode refuses both.
 */
let api: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  api = await startTestApp({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: "Parley <p@localhost>",
  });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

const mail = () => `${newAccount("cred")}@example.com`;

async function signUp(verified: boolean): Promise<TestUser> {
  const account = mail();
  const password = "secret12";
  const res = await api.post("/common/pub/register", {
    account,
    realname: "Cred Tester",
    password,
  });
  expect(res.code, res.msg).toBe(0);
  const user = res.data as { user_id: number };
  if (verified)
    await api.db
      .updateTable("users")
      .set({ is_auth: 1 })
      .where("user_id", "=", user.user_id)
      .execute();
  return {
    userId: user.user_id,
    account,
    password,
    token: await login(account, password),
  };
}

async function login(account: string, password: string): Promise<string> {
  const res = await api.post("/common/pub/login", { account, password });
  expect(res.code, res.msg).toBe(0);
  return (res.data as { authToken: string }).authToken;
}

async function sendCode(account: string, type: number, token?: string) {
  const res = await api.post(
    "/common/pub/sendCode",
    { account, type },
    { token },
  );
  expect(res.code, res.msg).toBe(0);
  return smtp.nextCode(account);
}

const alive = async (token: string) =>
  (await api.post("/enterprise/im/getContacts", {}, { token })).code === 0;

describe("editpassword", () => {
  it("with the old password: the new one works, the old does not, other sessions end", async () => {
    const user = await signUp(false);
    const other = await login(user.account, user.password);
    const res = await api.post(
      "/enterprise/im/editpassword",
      { originalPassword: user.password, password: "newpass99" },
      { token: user.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(await alive(user.token)).toBe(true);
    expect(await alive(other)).toBe(false);
    expect(await login(user.account, "newpass99")).toMatch(/^bearer /);
    const old = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
    });
    expect(old.code).not.toBe(0);
  });

  it.each([
    [{ originalPassword: "wrong-one", password: "newpass99" }, "原密码不正确"],
    [{ password: "newpass99" }, "请输入原密码"],
    [
      { originalPassword: "secret12", password: "short" },
      "密码长度为 6 到 16 个字符",
    ],
  ])("refuses %j and changes nothing", async (body, msg) => {
    const user = await signUp(false);
    const res = await api.post("/enterprise/im/editpassword", body, {
      token: user.token,
    });
    expect(res.code).not.toBe(0);
    if (!msg.startsWith("密码长度")) expect(res.msg).toBe(msg);
    expect(await login(user.account, user.password)).toMatch(/^bearer /);
  });

  it("a verified account needs the old password and a type-3 code, the code used once (SPEC §5; issue 51 item 10)", async () => {
    const user = await signUp(true);
    const change = (body: object) =>
      api.post("/enterprise/im/editpassword", body, { token: user.token });
    const noCode = await change({
      originalPassword: user.password,
      password: "newpass99",
    });
    expect(noCode.msg).toBe("请输入发送到你账号的验证码");
    const code = await sendCode(user.account, 3, user.token);
    // The code alone no longer does: whoever holds an open session and the mailbox
    // still needs the password.
    const codeOnly = await change({ code, password: "newpass99" });
    expect(codeOnly.msg).toBe("请输入原密码");
    const wrongPassword = await change({
      code,
      originalPassword: "wrong-one",
      password: "newpass99",
    });
    expect(wrongPassword.msg).toBe("原密码不正确");
    const wrongCode = await change({
      code: "000000",
      originalPassword: user.password,
      password: "newpass99",
    });
    expect(wrongCode.msg).toBe("验证码不正确或已过期");
    expect(await login(user.account, user.password)).toMatch(/^bearer /);
    // The refusals above did not spend the code.
    const res = await change({
      code,
      originalPassword: user.password,
      password: "newpass99",
    });
    expect(res.code, res.msg).toBe(0);
    expect(await login(user.account, "newpass99")).toMatch(/^bearer /);
    const reused = await change({
      code,
      originalPassword: "newpass99",
      password: "another1",
    });
    expect(reused.code).not.toBe(0);
  });

  it("forgot password: log in with a code, then set a new password with nothing else", async () => {
    const user = await signUp(true);
    const loginCode = await sendCode(user.account, 1);
    // The client fills the password field in code mode (wire-contract.md §5.1).
    const byCode = await api.post("/common/pub/login", {
      account: user.account,
      password: "123456",
      code: loginCode,
    });
    expect(byCode.code, byCode.msg).toBe(0);
    const token = (byCode.data as { authToken: string }).authToken;
    const res = await api.post(
      "/enterprise/im/editpassword",
      { password: "newpass99" },
      { token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(await login(user.account, "newpass99")).toMatch(/^bearer /);
    expect(await alive(user.token)).toBe(false);
    expect(await alive(token)).toBe(true);

    // Only just after: a quarter of an hour later, the usual proof is needed again.
    api.clock.advance(16 * 60 * 1000);
    const later = await api.post(
      "/enterprise/im/editpassword",
      { password: "another1" },
      { token },
    );
    expect(later.msg).toBe("请输入原密码");
  });

  it("a password session or a token login never skips the proof", async () => {
    const user = await signUp(false);
    const byToken = await api.post("/common/pub/login", {
      token: await mintTicket(api, user.token),
    });
    const tokenSession = (byToken.data as { authToken: string }).authToken;
    for (const token of [user.token, tokenSession]) {
      const res = await api.post(
        "/enterprise/im/editpassword",
        { password: "newpass99" },
        { token },
      );
      expect(res.msg).toBe("请输入原密码");
    }
  });
});

describe("editAccount", () => {
  it("moves to a new account proved by its code; every session ends", async () => {
    const user = await signUp(false);
    const next = mail();
    const newCode = await sendCode(next, 4, user.token);
    const res = await api.post(
      "/enterprise/im/editAccount",
      { account: next, newCode },
      { token: user.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(await alive(user.token)).toBe(false);
    expect(await login(next, user.password)).toMatch(/^bearer /);
    const old = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
    });
    expect(old.code).not.toBe(0);
    const row = await api.db
      .selectFrom("users")
      .select("is_auth")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(row.is_auth).toBe(1);
  });

  it("a verified account also needs a code sent to the current one", async () => {
    const user = await signUp(true);
    const next = mail();
    const newCode = await sendCode(next, 4, user.token);
    const without = await api.post(
      "/enterprise/im/editAccount",
      { account: next, newCode },
      { token: user.token },
    );
    expect(without.msg).toBe("请输入发送到原账号的验证码");
    const oldCode = await sendCode(user.account, 4, user.token);
    const res = await api.post(
      "/enterprise/im/editAccount",
      { account: next, code: oldCode, newCode },
      { token: user.token },
    );
    expect(res.code, res.msg).toBe(0);
  });

  it("refuses a taken, malformed or unchanged account, and a wrong code", async () => {
    const user = await signUp(false);
    const other = await signUp(false);
    const taken = await api.post(
      "/enterprise/im/editAccount",
      { account: other.account.toUpperCase(), newCode: "123456" },
      { token: user.token },
    );
    expect(taken.msg).toBe("该账号已被注册");
    const same = await api.post(
      "/enterprise/im/editAccount",
      { account: user.account, newCode: "123456" },
      { token: user.token },
    );
    expect(same.code).not.toBe(0);
    const bad = await api.post(
      "/enterprise/im/editAccount",
      { account: "not an account", newCode: "123456" },
      { token: user.token },
    );
    expect(bad.code).not.toBe(0);
    const wrong = await api.post(
      "/enterprise/im/editAccount",
      { account: mail(), newCode: "123456" },
      { token: user.token },
    );
    expect(wrong.msg).toBe("新账号的验证码不正确或已过期");
    expect(await alive(user.token)).toBe(true);
    // Someone else's account cannot get a change-account code.
    const code = await api.post(
      "/common/pub/sendCode",
      { account: other.account, type: 4 },
      { token: user.token },
    );
    expect(code.code).not.toBe(0);
  });
});

describe("demo mode", () => {
  it("refuses password and account changes", async () => {
    const demo = await startTestApp({ DEMO_MODE: "1" });
    try {
      const account = mail();
      await demo.post("/common/pub/register", {
        account,
        realname: "Demo User",
        password: "secret12",
      });
      const token = (
        (
          await demo.post("/common/pub/login", {
            account,
            password: "secret12",
          })
        ).data as { authToken: string }
      ).authToken;
      const pw = await demo.post(
        "/enterprise/im/editpassword",
        { originalPassword: "secret12", password: "newpass99" },
        { token },
      );
      const acc = await demo.post(
        "/enterprise/im/editAccount",
        { account: mail(), newCode: "123456" },
        { token },
      );
      expect(pw.msg).toBe("演示模式下不能修改");
      expect(acc.msg).toBe("演示模式下不能修改");
    } finally {
      await demo.close();
    }
  });
});
