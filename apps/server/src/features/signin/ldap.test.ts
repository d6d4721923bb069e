import { Codes } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  disableUser,
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";
import {
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_BASE,
  type OwnDirectory,
  startDirectory,
} from "../../../test/ldap-server.js";

/*
 * Issue 46, directory accounts over LDAP (extensions.md §7), against a real OpenLDAP
 * (slapd) started here: a password login no local password matches is checked against
 * the directory; the first success makes the account from the entry; values in the
 * filter are escaped; TLS (ldaps and StartTLS) checks the server's certificate; a local
 * account the directory did not make is never signed in by it. Both databases.
 */

const app = useTestApp();
let directory: OwnDirectory;
let admin: TestUser;
/** A local account whose name is also a directory uid, with another password. */
let local: TestUser;

beforeAll(async () => {
  local = await registerAndLogin(app(), { realname: "Local Person" });
  directory = await startDirectory([
    {
      uid: "lin",
      cn: "Lin Wei",
      displayName: "林伟",
      mail: "lin@parley.test",
      password: "lin-pass-1",
    },
    {
      uid: "ann",
      cn: "Ann Lee",
      mail: "ann@parley.test",
      password: "ann-pass-1",
    },
    // An entry named as the local administrator, and one as the local account.
    {
      uid: "admin",
      cn: "Not Admin",
      mail: "x@parley.test",
      password: "dir-admin-1",
    },
    {
      uid: local.account,
      cn: "Directory Twin",
      mail: "twin@parley.test",
      password: "twin-pass-1",
    },
    // Two entries one mail finds: nobody signs in as either by it.
    {
      uid: "dup1",
      cn: "Dup One",
      mail: "dup@parley.test",
      password: "dup-pass-1",
    },
    {
      uid: "dup2",
      cn: "Dup Two",
      mail: "dup@parley.test",
      password: "dup-pass-1",
    },
  ]);
  admin = await loginAdmin(app());
}, 30_000);
afterAll(async () => {
  await directory.stop();
});

async function useDirectory(value: Record<string, string>): Promise<void> {
  const res = await app().post(
    "/manage/config/setConfig",
    { name: "signin", value },
    { token: admin.token },
  );
  expect(res.code, res.msg).toBe(0);
}

const plain = () => ({
  ldapUrl: directory.url,
  ldapBindDn: LDAP_ADMIN_DN,
  ldapBindPassword: LDAP_ADMIN_PASSWORD,
  ldapBaseDn: LDAP_BASE,
  ldapStartTls: "0",
  ldapCa: "",
});

function login(account: string, password: string) {
  return app().post("/common/pub/login", { account, password });
}

describe("directory logins (LDAP)", () => {
  it("makes the account from the entry at the first login, and signs the same one in after, by uid or mail", async () => {
    await useDirectory(plain());
    const users = await countRows(app(), "users");
    const first = await login("lin", "lin-pass-1");
    expect(first.code, first.msg).toBe(0);
    const info = (first.data as { userInfo: Record<string, unknown> }).userInfo;
    expect(info).toMatchObject({
      account: "lin",
      realname: "林伟",
      email: "lin@parley.test",
      role: 0,
    });
    expect(await countRows(app(), "users")).toBe(users + 1);
    const again = await login("lin", "lin-pass-1");
    const byMail = await login("lin@parley.test", "lin-pass-1");
    for (const res of [again, byMail]) {
      expect(res.code, res.msg).toBe(0);
      expect(
        (res.data as { userInfo: { user_id: number } }).userInfo.user_id,
      ).toBe(info.user_id);
    }
    expect(await countRows(app(), "users")).toBe(users + 1);
    // The console shows that a bind password is set, never the password.
    const settings = await app().post(
      "/manage/config/getSettings",
      {},
      { token: admin.token },
    );
    expect(settings.data).toMatchObject({
      signin: { ldapUrl: directory.url, hasLdapBindPassword: true },
    });
    expect(JSON.stringify(settings.data)).not.toContain(LDAP_ADMIN_PASSWORD);
  });

  it("refuses a wrong password, an injected filter and an ambiguous mail, making nobody", async () => {
    await useDirectory(plain());
    const users = await countRows(app(), "users");
    for (const [account, password] of [
      ["ann", "wrong-pass-1"],
      ["*", "ann-pass-1"],
      ["ann)(uid=*", "ann-pass-1"],
      ["*)(|(uid=*", "ann-pass-1"],
      ["dup@parley.test", "dup-pass-1"],
      ["nobody", "ann-pass-1"],
    ] as const) {
      const res = await login(account, password);
      expect(res.key, account).toBe("login.failed");
    }
    expect(await countRows(app(), "users")).toBe(users);
  });

  it("never signs in a local account the directory did not make, whatever the directory says", async () => {
    await useDirectory(plain());
    expect((await login("admin", "dir-admin-1")).key).toBe("login.failed");
    expect((await login(local.account, "twin-pass-1")).key).toBe(
      "login.failed",
    );
    // Their own passwords still work.
    expect((await login(local.account, local.password)).code).toBe(0);
    expect((await login("admin", admin.password)).code).toBe(0);
  });

  it("checks the server's certificate over ldaps and StartTLS", async () => {
    await useDirectory({ ...plain(), ldapUrl: directory.secureUrl });
    // A self-signed certificate the server does not trust: no login.
    expect((await login("ann", "ann-pass-1")).key).toBe("login.failed");
    await useDirectory({
      ...plain(),
      ldapUrl: directory.secureUrl,
      ldapCa: directory.ca,
    });
    const secure = await login("ann", "ann-pass-1");
    expect(secure.code, secure.msg).toBe(0);
    await useDirectory({ ...plain(), ldapStartTls: "1", ldapCa: directory.ca });
    expect((await login("ann", "ann-pass-1")).code).toBe(0);
    await useDirectory({ ...plain(), ldapStartTls: "1", ldapCa: "" });
    expect((await login("ann", "ann-pass-1")).key).toBe("login.failed");
  });

  it("a directory that does not answer fails its logins, not the local ones", async () => {
    await useDirectory({ ...plain(), ldapUrl: "ldap://127.0.0.1:1" });
    expect((await login("ann", "ann-pass-1")).key).toBe("login.failed");
    expect((await login(local.account, local.password)).code).toBe(0);
  });

  it("a disabled directory account stays out; two-factor applies to directory logins too", async () => {
    await useDirectory(plain());
    const first = await login("ann", "ann-pass-1");
    expect(first.code, first.msg).toBe(0);
    const { userInfo, authToken } = first.data as {
      userInfo: { user_id: number };
      authToken: string;
    };
    const setup = await app().post(
      "/enterprise/im/totpSetup",
      {},
      { token: authToken },
    );
    expect(setup.code, setup.msg).toBe(0);
    await app()
      .db.updateTable("user_totp")
      .set({ enabled: 1 })
      .where("user_id", "=", userInfo.user_id)
      .execute();
    expect((await login("ann", "ann-pass-1")).code).toBe(Codes.totpRequired);
    await disableUser(app(), userInfo.user_id);
    const disabled = await login("ann", "ann-pass-1");
    expect(disabled.code).not.toBe(0);
  });

  it("is refused to an administrator of role 2, and its settings are checked", async () => {
    for (const value of [
      { ldapUrl: "http://127.0.0.1:389" },
      { ldapFilter: "(uid=admin)" },
      { ldapCa: "not a certificate" },
    ]) {
      const res = await app().post(
        "/manage/config/setConfig",
        { name: "signin", value },
        { token: admin.token },
      );
      expect(res.key, JSON.stringify(value)).toBe("config.invalidField");
    }
    const helper = await registerAndLogin(app());
    await app().post(
      "/manage/User/setRole",
      { user_id: helper.userId, role: 2 },
      { token: admin.token },
    );
    const relogin = await login(helper.account, helper.password);
    const token = (relogin.data as { authToken: string }).authToken;
    const refused = await app().post(
      "/manage/config/setConfig",
      { name: "signin", value: { ldapUrl: "ldap://evil.example" } },
      { token },
    );
    expect(refused.code).not.toBe(0);
  });
});
