import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { loginAdmin } from "../../../test/factories.js";
import {
  Browser,
  type OwnProvider,
  startProvider,
} from "../../../test/oidc-provider.js";

/*
 * Issue 46, extensions.md §7: the environment (OIDC_*, LDAP_*, TOTP_REQUIRED, PUBLIC_URL)
 * sets sign-in until the console saves its own, which then wins, as mail's does.
 */

let provider: OwnProvider;
beforeAll(async () => {
  provider = await startProvider([
    "https://chat.example.com/auth/oidc/callback",
  ]);
});
afterAll(async () => {
  await provider.stop();
});

describe("sign-in set by the environment", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: "Env IdP",
      PUBLIC_URL: "https://chat.example.com",
      LDAP_URL: "ldap://127.0.0.1:1389",
      LDAP_BASE_DN: "dc=example,dc=com",
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it("offers the provider, sends it PUBLIC_URL's callback, and shows the settings as the environment's", async () => {
    const info = await api.post("/common/pub/getSystemInfo", {});
    expect(info.data).toMatchObject({
      sysInfo: { sso: [{ id: "oidc", name: "Env IdP" }], ssoOnly: "0" },
    });
    const start = await new Browser().get(`${api.url}/auth/oidc/login`);
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get("location") ?? "");
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get("redirect_uri")).toBe(
      "https://chat.example.com/auth/oidc/callback",
    );
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    const admin = await loginAdmin(api);
    const settings = await api.post(
      "/manage/config/getSettings",
      {},
      { token: admin.token },
    );
    expect(settings.data).toMatchObject({
      signin: {
        source: "env",
        oidcName: "Env IdP",
        hasOidcSecret: true,
        ldapUrl: "ldap://127.0.0.1:1389",
        callbackUrl: "https://chat.example.com/auth/oidc/callback",
      },
    });
    // Saved in the console: that wins from now on.
    const saved = await api.post(
      "/manage/config/setConfig",
      { name: "signin", value: { oidcName: "Console IdP" } },
      { token: admin.token },
    );
    expect(saved.code, saved.msg).toBe(0);
    const after = await api.post("/common/pub/getSystemInfo", {});
    expect(after.data).toMatchObject({
      sysInfo: { sso: [{ name: "Console IdP" }] },
    });
    const shown = await api.post(
      "/manage/config/getSettings",
      {},
      { token: admin.token },
    );
    expect(shown.data).toMatchObject({
      signin: { source: "console", hasOidcSecret: true },
    });
  });
});

describe("two-factor required by the environment", () => {
  it("TOTP_REQUIRED=1 leads an administrator to set it up", async () => {
    const api = await startTestApp({ TOTP_REQUIRED: "1" });
    try {
      const login = await api.post("/common/pub/login", {
        account: "admin",
        password: "admin-pass1",
      });
      expect(login.code, login.msg).toBe(0);
      expect(login.data).toMatchObject({ totpSetup: 1 });
    } finally {
      await api.close();
    }
  });
});
