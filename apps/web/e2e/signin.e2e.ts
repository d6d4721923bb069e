import { randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_BASE,
  type OwnDirectory,
  startDirectory,
} from "../../server/test/ldap-server";
import {
  type OwnProvider,
  startProvider,
} from "../../server/test/oidc-provider";
import {
  api,
  apiLogin,
  apiUser,
  logIn,
  newContext,
  productAndBrowser,
  resize,
  settledShot,
} from "./harness";
import { dialogNamed, openSettings, showTab } from "./settings-helpers";

/*
 * Issue 46 in the browser: two-factor turned on in the settings and asked for at the next
 * login (a recovery code signs in once), required by the administrators (the setup page
 * before anything else), single sign-on with a real OpenID provider (oidc-provider) set
 * up in the console's Sign-in tab, and a directory login against a real slapd.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;
let provider: OwnProvider;
let directory: OwnDirectory;
let admin: string;

beforeAll(async () => {
  provider = await startProvider(
    [`${url()}/auth/oidc/callback`],
    [`${url()}/`],
  );
  directory = await startDirectory([
    {
      uid: "lin",
      cn: "Lin Wei",
      displayName: "林伟",
      mail: "lin@parley.test",
      password: "lin-pass-1",
    },
  ]);
  admin = (await apiLogin(url(), "admin", "admin-pass1")).token;
}, 30_000);
afterAll(async () => {
  await provider.stop();
  await directory.stop();
});

const account = (prefix: string) =>
  `${prefix}${randomBytes(3).toString("hex")}`;

async function setSignin(value: Record<string, string>): Promise<void> {
  const res = await api(
    url(),
    "/manage/config/setConfig",
    { name: "signin", value },
    admin,
  );
  expect(res.code).toBe(0);
}

/** The code an authenticator shows now for the secret the page shows. */
async function currentCode(page: Page): Promise<string> {
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(
    /\s+/g,
    "",
  );
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
  }).generate();
}

describe("two-factor sign-in", () => {
  it("is turned on in the settings, then asked for at login; a recovery code signs in once", async () => {
    const name = account("tf");
    await apiUser(url(), name, "Tess Factor");
    let { page } = await newContext(setup.browser(), "en-US");
    await logIn(page, url(), name);
    const settings = await openSettings(page, "en");
    await showTab(settings, "Account");
    await settings.getByRole("button", { name: "Turn on" }).click();
    const dialog = dialogNamed(page, "Turn on two-factor sign-in");
    await dialog.getByRole("img", { name: /QR code/ }).waitFor();
    await settledShot(page, "signin-totp-setup-en-1280");
    await dialog
      .getByLabel("Enter the 6-digit code the app shows")
      .fill("000000");
    await dialog.getByRole("button", { name: "Turn on" }).click();
    await dialog.getByRole("alert").waitFor();
    await dialog
      .getByLabel("Enter the 6-digit code the app shows")
      .fill(await currentCode(page));
    await dialog.getByRole("button", { name: "Turn on" }).click();
    const codes = dialog.getByRole("list", { name: "Recovery codes" });
    await codes.waitFor();
    const recovery = await codes.getByRole("listitem").allInnerTexts();
    expect(recovery).toHaveLength(10);
    await settledShot(page, "signin-totp-recovery-en-1280");
    await dialog.getByRole("button", { name: "I've saved them" }).click();
    await settings.getByText("On", { exact: true }).waitFor();
    await settledShot(page, "signin-totp-on-en-1280");
    // Turning it off asks for a code (cancelled here).
    await settings.getByRole("button", { name: "Turn off" }).click();
    const off = dialogNamed(page, "Turn off two-factor sign-in?");
    await off.getByLabel("Code or recovery code").waitFor();
    await settledShot(page, "signin-totp-off-en-1280");
    await off.getByRole("button", { name: "Cancel" }).click();

    // Another browser: the password, then the second step.
    const second = await newContext(setup.browser(), "en-US");
    page = second.page;
    await page.goto(`${url()}/#/login`);
    await page.getByLabel("Account").fill(name);
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByRole("button", { name: "Log in" }).click();
    const code = page.getByRole("textbox", { name: "Two-factor code" });
    await code.waitFor();
    await expect
      .poll(() => code.evaluate((el) => el === document.activeElement))
      .toBe(true);
    await code.fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await page
      .getByText(/wrong or already used/)
      .first()
      .waitFor();
    await settledShot(page, "signin-totp-login-en-1280");
    await code.fill(recovery[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    // Spent: the same recovery code signs in no more.
    const again = await api(url(), "/common/pub/login", {
      account: name,
      password: "secret12",
      totp: recovery[0],
    });
    expect(again.code).not.toBe(0);
  });

  it("required by the administrators: the setup comes first (zh, phone)", async () => {
    const name = account("req");
    await apiUser(url(), name, "需要验证");
    await setSignin({ totpRequired: "2" });
    try {
      const { page } = await newContext(setup.browser(), "zh-CN");
      await resize(page, { width: 390, height: 844 });
      await page.goto(`${url()}/#/login`);
      await page.getByLabel("账号").fill(name);
      await page.getByLabel("密码", { exact: true }).fill("secret12");
      await page.getByRole("button", { name: /^登\s*录$/ }).click();
      await page.getByRole("heading", { name: "设置两步验证" }).waitFor();
      await page.getByRole("img", { name: "身份验证器应用的二维码" }).waitFor();
      await settledShot(page, "signin-totp-required-zh-390");
      await page
        .getByLabel("输入应用中显示的 6 位验证码")
        .fill(await currentCode(page));
      await page.getByRole("button", { name: /^开\s*启$/ }).click();
      await page.getByRole("list", { name: "恢复码" }).waitFor();
      await settledShot(page, "signin-totp-required-recovery-zh-390");
      await page.getByRole("button", { name: "我已保存" }).click();
      await page.getByRole("navigation", { name: "主菜单" }).waitFor();
    } finally {
      await setSignin({ totpRequired: "0" });
    }
  });
});

describe("single sign-on and the directory", () => {
  it("an administrator sets up the provider in the console; a person signs in with it", async () => {
    const { page } = await newContext(setup.browser(), "en-US");
    await logIn(page, url(), "admin", "en", {
      password: "admin-pass1",
      route: "/manage/setting",
    });
    await page.getByRole("tab", { name: "Sign-in" }).click();
    const form = page.getByRole("form", { name: "Sign-in" });
    await form.getByLabel("Issuer").fill(provider.issuer);
    await form.getByLabel("Client ID").fill(provider.clientId);
    await form.getByLabel("Client secret").fill(provider.clientSecret);
    await form.getByLabel("Button label").fill("Test IdP");
    await settledShot(page, "signin-console-en-1280");
    await form.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(async () => {
        const info = await api(url(), "/common/pub/getSystemInfo", {});
        return JSON.stringify(info.data);
      })
      .toContain("Test IdP");
    await resize(page, { width: 900, height: 760 });
    await settledShot(page, "signin-console-en-900");

    // A visitor (zh, phone): the button, the provider, and back signed in.
    provider.signInAs({
      sub: "sso-person",
      email: "mei@corp.test",
      email_verified: true,
      name: "王美",
      preferred_username: "wangmei",
    });
    const visitor = await newContext(setup.browser(), "zh-CN");
    await resize(visitor.page, { width: 390, height: 844 });
    await visitor.page.goto(`${url()}/#/login`);
    const button = visitor.page.getByRole("link", {
      name: "使用 Test IdP 登录",
    });
    await button.waitFor();
    await settledShot(visitor.page, "signin-sso-login-zh-390");
    await button.click();
    await visitor.page.getByRole("navigation", { name: "主菜单" }).waitFor();
    expect(visitor.page.url()).not.toContain("token=");
    const name = await visitor.page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem("UserInfo") ?? "{}") as {
            realname?: string;
          }
        ).realname,
    );
    expect(name).toBe("王美");
    // Logging out leaves the provider too: its end-session page.
    await resize(visitor.page, { width: 1280, height: 800 });
    const settings = await openSettings(visitor.page, "zh");
    await settings.getByRole("button", { name: /退出登录/ }).click();
    await visitor.page.waitForURL((address) =>
      address.href.startsWith(provider.issuer),
    );
    expect(
      await visitor.page.evaluate(() => localStorage.getItem("authToken")),
    ).toBeNull();
    expect(visitor.errors).toEqual([]);
  });

  it("with only single sign-on, the password form waits for an administrator (en, 900)", async () => {
    await setSignin({ ssoOnly: "1" });
    try {
      const { page } = await newContext(setup.browser(), "en-US");
      await resize(page, { width: 900, height: 760 });
      await page.goto(`${url()}/#/login`);
      await page
        .getByRole("button", { name: "Administrator? Sign in with a password" })
        .waitFor();
      expect(await page.getByLabel("Password", { exact: true }).count()).toBe(
        0,
      );
      await settledShot(page, "signin-sso-only-en-900");
    } finally {
      await setSignin({ ssoOnly: "0" });
    }
  });

  it("a person signs in with the directory's password (en, 900)", async () => {
    await setSignin({
      ldapUrl: directory.url,
      ldapBindDn: LDAP_ADMIN_DN,
      ldapBindPassword: LDAP_ADMIN_PASSWORD,
      ldapBaseDn: LDAP_BASE,
    });
    const { page } = await newContext(setup.browser(), "en-US");
    await resize(page, { width: 900, height: 760 });
    await page.goto(`${url()}/#/login`);
    await page.getByLabel("Account").fill("lin");
    await page.getByLabel("Password", { exact: true }).fill("lin-pass-1");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    const name = await page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem("UserInfo") ?? "{}") as {
            realname?: string;
          }
        ).realname,
    );
    expect(name).toBe("林伟");
  });
});
