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
