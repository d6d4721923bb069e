import type { UserImportRow } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Issue 47, users from a CSV file in the console (manage/User/import): every row checked
 * with the rules of "Add user" before anything is made, problems per row, then all made
 * at once (made-up passwords answered once), or none. Both databases.
 */

const app = useTestApp();

async function importCsv(
  user: TestUser,
  csv: string,
  create = false,
): Promise<{
  code: number;
  key?: string;
  msg: string;
  rows: UserImportRow[];
  created: number;
}> {
  const res = await app().post(
    "/manage/User/import",
    { csv, create: create ? "1" : "0" },
    { token: user.token, json: true, headers: { "Accept-Language": "en" } },
  );
  const data = (res.code === 0 ? res.data : { rows: [], created: 0 }) as {
    rows: UserImportRow[];
    created: number;
  };
  return { code: res.code, key: res.key, msg: res.msg, ...data };
}

const unique = () => Math.random().toString(36).slice(2, 8);

describe("users from a CSV file", () => {
  it("checks every row first, with its problems and line, and makes nobody while one is wrong", async () => {
    const admin = await loginAdmin(app());
    const u = unique();
    const csv = [
      "account,name,email,role,password",
      `ann${u},Ann,ann${u}@corp.test,user,`,
      `ab,Too Short,,,`,
      `ann${u},Ann Again,,,`,
      `admin,Taken,,,`,
      `bob${u},Bob,not-an-email,,`,
      `cai${u},Cai,,boss,`,
      `dan${u},Dan,,,1`,
      `eve${u},,,,`,
    ].join("\n");
    const users = await countRows(app(), "users");
    const preview = await importCsv(admin, csv);
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, ["register.accountLength"]],
      [4, ["console.importDuplicate"]],
      [5, ["register.accountTaken"]],
      [6, ["console.emailInvalid"]],
      [7, ["console.importRole"]],
      [8, ["register.passwordLength"]],
      [9, ["register.realnameLength"]],
    ]);
    const refused = await importCsv(admin, csv, true);
    expect(refused.created).toBe(0);
    expect(await countRows(app(), "users")).toBe(users);
  });

  it("makes 200 users at once; made-up passwords are answered once and sign in", async () => {
    const admin = await loginAdmin(app());
    const u = unique();
    const lines = ["账号;姓名;邮箱;角色;密码"];
    for (let i = 0; i < 200; i += 1)
      lines.push(
        `p${u}${i};"Person, ${i} 人";p${u}${i}@corp.test;${i === 0 ? "admin" : "user"};${i === 1 ? "given-pass-1" : ""}`,
      );
    const users = await countRows(app(), "users");
    const done = await importCsv(admin, `\uFEFF${lines.join("\r\n")}`, true);
    expect(done.code, done.msg).toBe(0);
    expect(done.created).toBe(200);
    expect(await countRows(app(), "users")).toBe(users + 200);
    const [first, second] = done.rows;
    expect(first).toMatchObject({ realname: "Person, 0 人", role: 2 });
    expect(first?.password).toMatch(/^\S{16}$/);
    expect(second?.password).toBeUndefined();
    for (const [account, password] of [
      [first?.account, first?.password],
      [second?.account, "given-pass-1"],
    ]) {
      const login = await app().post("/common/pub/login", {
        account,
        password,
      });
      expect(login.code, login.msg).toBe(0);
    }
    // Again: every account is taken now.
    const again = await importCsv(admin, lines.join("\n"));
    expect(
      again.rows.every((row) => row.problems.includes("register.accountTaken")),
    ).toBe(true);
  });

  it("refuses what is not a users file, saying why", async () => {
    const admin = await loginAdmin(app());
    const cases: Array<[string, string]> = [
      ["", "console.importEmpty"],
      ["account,name\n", "console.importEmpty"],
      ["login_name,full\nx,y\n", "console.importColumns"],
      ['account,name\n"unclosed,Ann\n', "console.importMalformed"],
      [
        `account,name\n${Array.from({ length: 1001 }, (_, i) => `u${i},U`).join("\n")}`,
        "console.importTooMany",
      ],
      [`account,name\n${"x".repeat(512 * 1024)}`, "console.importTooLarge"],
    ];
    for (const [csv, key] of cases) {
      const res = await importCsv(admin, csv, true);
      expect(res.key, key).toBe(key);
    }
  });

  it("is for administrators; a role above user only from a super administrator", async () => {
    const admin = await loginAdmin(app());
    const member = await registerAndLogin(app());
    const csv = `account,name\nz${unique()},Zed`;
    expect((await importCsv(member, csv)).code).toBe(404);
    expect((await app().post("/manage/User/import", { csv })).code).toBe(-1);
    const helper = await registerAndLogin(app());
    await app().post(
      "/manage/User/setRole",
      { user_id: helper.userId, role: 2 },
      { token: admin.token },
    );
    const login = await app().post("/common/pub/login", {
      account: helper.account,
      password: helper.password,
    });
    const role2 = {
      ...helper,
      token: (login.data as { authToken: string }).authToken,
    };
    const u = unique();
    const preview = await importCsv(
      role2,
      `account,name,role\nq${u},Quinn,admin\nr${u},Rosa,user`,
    );
    expect(preview.rows.map((row) => row.problems)).toEqual([
      ["console.notPermitted"],
      [],
    ]);
  });
});

describe("invitation links instead of passwords (common/pub/welcome)", () => {
  async function importWithLinks(user: TestUser, csv: string) {
    const res = await app().post(
      "/manage/User/import",
      { csv, create: "1", invite: "1" },
      { token: user.token, json: true },
    );
    expect(res.code, res.msg).toBe(0);
    return (res.data as { rows: UserImportRow[] }).rows;
  }

  const linkParams = (link: string | undefined) => {
    const query = link?.split("#/welcome?")[1] ?? "";
    const params = new URLSearchParams(query);
    return {
      account: params.get("account") ?? "",
      token: params.get("token") ?? "",
    };
  };

  const welcome = (body: Record<string, string>) =>
    app().post("/common/pub/welcome", body, {
      headers: { "Accept-Language": "en" },
    });

  it("gives rows without a password a link, usable once, that sets the password and signs in", async () => {
    const admin = await loginAdmin(app());
    const u = unique();
    const rows = await importWithLinks(
      admin,
      `account,name,password\nivy${u},Ivy,\njoe${u},Joe,given-pw1\n`,
    );
    const [ivy, joe] = rows;
    expect(ivy?.password).toBeUndefined();
    expect(ivy?.link).toMatch(/^\/#\/welcome\?account=ivy\w+&token=[\w-]{43}$/);
    // A password in the file is the user's: no link.
    expect(joe?.link).toBeUndefined();
    expect(joe?.password).toBeUndefined();
    // Before the link is used, no password opens the account.
    const params = linkParams(ivy?.link);
    expect(
      (
        await app().post("/common/pub/login", {
          account: params.account,
          password: "!",
        })
      ).code,
    ).not.toBe(0);
    // A short password is refused by the register rule, the link still unused.
    const short = await welcome({ ...params, password: "abc" });
    expect(short.key).toBe("register.passwordLength");
    const done = await welcome({ ...params, password: "chosen-pw1" });
    expect(done.code, done.msg).toBe(0);
    const { ticket } = done.data as { ticket: string };
    const viaTicket = await app().post("/common/pub/login", { token: ticket });
    expect(viaTicket.code, viaTicket.msg).toBe(0);
    const viaPassword = await app().post("/common/pub/login", {
      account: params.account,
      password: "chosen-pw1",
    });
    expect(viaPassword.code, viaPassword.msg).toBe(0);
    // Used once: the same link again, even with another password, is refused.
    const again = await welcome({ ...params, password: "other-pw22" });
    expect(again.key).toBe("welcome.invalid");
    expect(again.msg).toMatch(/expired or was already used/);
  });

  it("answers a wrong token, another account's token, an unknown account and an expired link alike", async () => {
    const admin = await loginAdmin(app());
    const u = unique();
    const rows = await importWithLinks(
      admin,
      `account,name\nkim${u},Kim\nlee${u},Lee\n`,
    );
    const kim = linkParams(rows[0]?.link);
    const lee = linkParams(rows[1]?.link);
    const answers = await Promise.all([
      welcome({
        account: kim.account,
        token: "x".repeat(43),
        password: "chosen-pw1",
      }),
      welcome({
        account: kim.account,
        token: lee.token,
        password: "chosen-pw1",
      }),
      welcome({
        account: `nobody${u}`,
        token: kim.token,
        password: "chosen-pw1",
      }),
      welcome({ account: kim.account, token: "", password: "chosen-pw1" }),
    ]);
    for (const answer of answers) {
      expect(answer.code).not.toBe(0);
      expect(answer.key).toBe("welcome.invalid");
    }
    // Seven days later the link is gone.
    app().clock.advance(7 * 86_400_000 + 1);
    const late = await welcome({ ...lee, password: "chosen-pw1" });
    expect(late.key).toBe("welcome.invalid");
    // Nothing changed: neither can sign in with that password.
    for (const account of [kim.account, lee.account])
      expect(
        (
          await app().post("/common/pub/login", {
            account,
            password: "chosen-pw1",
          })
        ).code,
      ).not.toBe(0);
  });

  it("does not open a disabled user's account", async () => {
    const admin = await loginAdmin(app());
    const u = unique();
    const rows = await importWithLinks(admin, `account,name\nmay${u},May\n`);
    const may = linkParams(rows[0]?.link);
    await app()
      .db.updateTable("users")
      .set({ status: 0 })
      .where("account", "=", may.account)
      .execute();
    const answer = await welcome({ ...may, password: "chosen-pw1" });
    expect(answer.key).toBe("welcome.invalid");
  });
});
