import { generateKeyPairSync, type KeyObject } from "node:crypto";
import type { CustomFetch } from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  disableUser,
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";
import {
  Browser,
  type OwnProvider,
  type ProviderPerson,
  signJwt,
  startProvider,
} from "../../../test/oidc-provider.js";

/*
 * Issue 46, single sign-on with OpenID Connect (extensions.md §7), against a real
 * certified provider (oidc-provider) run here: the authorization-code flow with PKCE,
 * state and nonce; the one-time code on `/#/login?token=`; accounts linked by subject,
 * then by a verified email, else made (switchable); a replayed or misdirected callback,
 * a forged or expired ID token sign nobody in. Both databases.
 */

let api: TestApp;
let provider: OwnProvider;
let admin: TestUser;
/** When set, the server's next token answer from the provider is altered in transit. */
let tamper: ((idToken: string) => string) | null = null;

const alterTokens: CustomFetch = async (url, options) => {
  const response = await fetch(url, options);
  if (!tamper || !url.endsWith("/token")) return response;
  const body = (await response.json()) as { id_token: string };
  const altered = { ...body, id_token: tamper(body.id_token) };
  return new Response(JSON.stringify(altered), {
    status: response.status,
    headers: { "content-type": "application/json" },
  });
};

beforeAll(async () => {
  api = await startTestApp({}, { oidcFetch: alterTokens });
  provider = await startProvider(
    [`${api.url}/auth/oidc/callback`],
    [`${api.url}/`],
  );
  admin = await loginAdmin(api);
  await configure({
    oidcIssuer: provider.issuer,
    oidcClientId: provider.clientId,
    oidcSecret: provider.clientSecret,
    oidcName: "Test IdP",
  });
}, 30_000);
afterAll(async () => {
  await provider.stop();
  await api.close();
});

async function configure(value: Record<string, string>): Promise<void> {
  const res = await api.post(
    "/manage/config/setConfig",
    { name: "signin", value },
    { token: admin.token },
  );
  expect(res.code, res.msg).toBe(0);
}

/** Where a flow ended: the client's page and its query (token or sso_error). */
async function signIn(
  person: ProviderPerson,
  browser = new Browser(),
): Promise<URLSearchParams> {
  provider.signInAs(person);
  const { last } = await browser.follow(`${api.url}/auth/oidc/login`);
  expect(last).toContain("/#/login?");
  return new URLSearchParams(last.slice(last.indexOf("?") + 1));
}

/** Signs in with the one-time code: the session's user. */
async function loginWith(params: URLSearchParams) {
  const token = params.get("token");
  expect(token, params.get("sso_error") ?? "").toBeTruthy();
  const res = await api.post("/common/pub/login", { token });
  expect(res.code, res.msg).toBe(0);
  return res.data as {
    authToken: string;
    userInfo: {
      user_id: number;
      account: string;
      realname: string;
      email: string;
    };
  };
}

describe("single sign-on (OpenID Connect)", () => {
  it("is offered in getSystemInfo once set up, its secret never shown", async () => {
    const info = await api.post("/common/pub/getSystemInfo", {});
    expect(info.data).toMatchObject({
      sysInfo: {
        sso: [{ id: "oidc", name: "Test IdP", url: "/auth/oidc/login" }],
        ssoOnly: "0",
      },
    });
    const settings = await api.post(
      "/manage/config/getSettings",
      {},
      { token: admin.token },
    );
    expect(settings.data).toMatchObject({
      signin: {
        oidcIssuer: provider.issuer,
        hasOidcSecret: true,
        callbackUrl: "/auth/oidc/callback",
      },
    });
    expect(JSON.stringify(settings.data)).not.toContain(provider.clientSecret);
  });

  it("makes an account at the first sign-in and signs the same one in after (by subject)", async () => {
    const users = await countRows(api, "users");
    const person = {
      sub: "subject-new",
      email: "new.person@idp.test",
      email_verified: true,
      name: "New Person 新人",
      preferred_username: "newperson",
    };
    const params = await signIn(person);
    expect(params.get("sso")).toBe("1");
    const first = await loginWith(params);
    expect(first.userInfo).toMatchObject({
      account: "newperson",
      realname: "New Person 新人",
      email: "new.person@idp.test",
    });
    expect(await countRows(api, "users")).toBe(users + 1);
    // The same subject with another mail and name: the same account.
    const again = await loginWith(
      await signIn({ ...person, email: "changed@idp.test", name: "Renamed" }),
    );
    expect(again.userInfo.user_id).toBe(first.userInfo.user_id);
    expect(await countRows(api, "users")).toBe(users + 1);
  });

  it("names a new account by preferred_username when the provider gives no name", async () => {
    const made = await loginWith(
      await signIn({ sub: "subject-nameless", preferred_username: "quietone" }),
    );
    expect(made.userInfo).toMatchObject({
      account: "quietone",
      realname: "quietone",
      email: "",
    });
  });

  it("links an existing account by a verified email, never by an unverified one", async () => {
    const verified = await registerAndLogin(api);
    const unverified = await registerAndLogin(api);
    for (const [user, email] of [
      [verified, "verified@corp.test"],
      [unverified, "unverified@corp.test"],
    ] as const)
      await api.db
        .updateTable("users")
        .set({ email })
        .where("user_id", "=", user.userId)
        .execute();
    const linked = await loginWith(
      await signIn({
        sub: "subject-verified",
        email: "verified@corp.test",
        email_verified: true,
        name: "Verified",
      }),
    );
    expect(linked.userInfo.user_id).toBe(verified.userId);
    const other = await loginWith(
      await signIn({
        sub: "subject-unverified",
        email: "unverified@corp.test",
        email_verified: false,
        name: "Claims Someone",
      }),
    );
    expect(other.userInfo.user_id).not.toBe(unverified.userId);
    expect(other.userInfo.email).toBe("");
  });

  it("refuses an unknown person when the administrators turned account creation off", async () => {
    await configure({ oidcCreateUsers: "0" });
    try {
      const users = await countRows(api, "users");
      const params = await signIn({
        sub: "subject-stranger",
        name: "Stranger",
      });
      expect(params.get("sso_error")).toBe("sso.noAccount");
      expect(params.has("token")).toBe(false);
      expect(await countRows(api, "users")).toBe(users);
    } finally {
      await configure({ oidcCreateUsers: "1" });
    }
  });

  it("takes a callback once, only in the browser that started it, and the one-time code once", async () => {
    const browser = new Browser();
    provider.signInAs({ sub: "subject-replay", name: "Replay" });
    // Up to the provider's answer, without opening it.
    let current = `${api.url}/auth/oidc/login`;
    for (;;) {
      const response = await browser.get(current);
      current = new URL(response.headers.get("location") ?? "", current).href;
      if (current.startsWith(`${api.url}/auth/oidc/callback`)) break;
    }
    const callback = current;
    // Opened in another browser (no cookie): refused, and the state is spent.
    const elsewhere = await new Browser().follow(callback);
    expect(elsewhere.last).toContain("sso_error=sso.stateInvalid");
    const spent = await browser.follow(callback);
    expect(spent.last).toContain("sso_error=sso.stateInvalid");

    // A fresh flow: its callback works once; a wrong state never.
    const second = new Browser();
    provider.signInAs({ sub: "subject-replay", name: "Replay" });
    current = `${api.url}/auth/oidc/login`;
    for (;;) {
      const response = await second.get(current);
      current = new URL(response.headers.get("location") ?? "", current).href;
      if (current.startsWith(`${api.url}/auth/oidc/callback`)) break;
    }
    const wrongState = new URL(current);
    wrongState.searchParams.set("state", "x".repeat(43));
    expect((await second.follow(wrongState.href)).last).toContain(
      "sso_error=sso.stateInvalid",
    );
    // Any answer clears the flow's cookie: the real one after a wrong one starts over.
    const good = await second.follow(current);
    expect(good.last).toContain("sso_error=sso.stateInvalid");
  });

  it("answers hostile callbacks with the login screen, never an error page", async () => {
    for (const query of [
      "",
      "?state=",
      `?state=${"a".repeat(5000)}&code=x`,
      "?state=%00%ff&code=%E0%A4%A",
      "?code=x&state=x&state=y",
      "?error=access_denied&state=abc",
      "?state[$ne]=1&code[]=2",
    ]) {
      const response = await new Browser().get(
        `${api.url}/auth/oidc/callback${query}`,
      );
      expect(response.status, query).toBe(302);
      expect(response.headers.get("location"), query).toMatch(
        /^\/#\/login\?sso_error=sso\.(stateInvalid|failed)$/,
      );
    }
  });

  it("a code used once signs in once", async () => {
    const params = await signIn({ sub: "subject-once", name: "Once" });
    await loginWith(params);
    const again = await api.post("/common/pub/login", {
      token: params.get("token"),
    });
    expect(again.key).toBe("login.tokenInvalid");
  });

  it("refuses a forged ID token, and a well-signed one that expired or is for another client or flow", async () => {
    const resigned =
      (
        change: (claims: Record<string, unknown>) => Record<string, unknown>,
        key?: KeyObject,
      ) =>
      (idToken: string) => {
        const [header = "", payload = ""] = idToken.split(".");
        const claims = change(
          JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<
            string,
            unknown
          >,
        );
        const head = JSON.parse(
          Buffer.from(header, "base64url").toString(),
        ) as Record<string, unknown>;
        return key ? signJwt(key, head, claims) : provider.sign(head, claims);
      };
    const now = Math.floor(Date.now() / 1000);
    const stranger = generateKeyPairSync("rsa", {
      modulusLength: 2048,
    }).privateKey;
    const cases: Array<[string, (idToken: string) => string]> = [
      // The signature of other bytes.
      [
        "flipped signature",
        (idToken) => {
          const [header = "", payload = "", signature = ""] =
            idToken.split(".");
          return `${header}.${payload}.${(signature.startsWith("A") ? "B" : "A") + signature.slice(1)}`;
        },
      ],
      // Another subject under the provider's header, signed by a key it never had.
      [
        "another key",
        resigned((c) => ({ ...c, sub: "subject-new" }), stranger),
      ],
      [
        "expired",
        resigned((c) => ({ ...c, iat: now - 7200, exp: now - 3600 })),
      ],
      ["another audience", resigned((c) => ({ ...c, aud: "someone-else" }))],
      ["another nonce", resigned((c) => ({ ...c, nonce: "not-the-flows" }))],
      [
        "another issuer",
        resigned((c) => ({ ...c, iss: "https://evil.example" })),
      ],
    ];
    try {
      for (const [name, alter] of cases) {
        tamper = alter;
        const params = await signIn({ sub: `subject-${name}`, name });
        expect(params.get("sso_error"), name).toBe("sso.failed");
      }
      // The same re-signing with nothing changed passes: the cases fail for their change.
      tamper = resigned((c) => c);
      await loginWith(await signIn({ sub: "subject-resigned", name: "R" }));
    } finally {
      tamper = null;
    }
  });

  it("a disabled account is refused, and its SSO sessions end", async () => {
    const person = { sub: "subject-disabled", name: "Soon Disabled" };
    const { authToken, userInfo } = await loginWith(await signIn(person));
    await disableUser(api, userInfo.user_id);
    const call = await api.post(
      "/enterprise/im/getUserInfo",
      { user_id: userInfo.user_id },
      { token: authToken },
    );
    expect(call.code).toBe(-1);
    expect((await signIn(person)).get("sso_error")).toBe("sso.disabled");
  });

  it("leaves the second factor to the provider", async () => {
    const { userInfo } = await loginWith(
      await signIn({ sub: "subject-2fa", name: "Two Factor" }),
    );
    await api.db
      .insertInto("user_totp")
      .values({
        user_id: userInfo.user_id,
        secret: "sealed",
        enabled: 1,
        updated_at: 0,
      })
      .execute();
    await loginWith(await signIn({ sub: "subject-2fa", name: "Two Factor" }));
  });

  it("only SSO: the password form is for administrators alone", async () => {
    const user = await registerAndLogin(api);
    await configure({ ssoOnly: "1" });
    try {
      const info = await api.post("/common/pub/getSystemInfo", {});
      expect(info.data).toMatchObject({ sysInfo: { ssoOnly: "1" } });
      const refused = await api.post("/common/pub/login", {
        account: user.account,
        password: user.password,
      });
      expect(refused.key).toBe("login.ssoOnly");
      const adminLogin = await api.post("/common/pub/login", {
        account: admin.account,
        password: admin.password,
      });
      expect(adminLogin.code, adminLogin.msg).toBe(0);
    } finally {
      await configure({ ssoOnly: "0" });
    }
  });

  it("signs out at the provider after the client's logout", async () => {
    const response = await new Browser().get(`${api.url}/auth/oidc/logout`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get("client_id")).toBe(provider.clientId);
    expect(location.searchParams.get("post_logout_redirect_uri")).toBe(
      `${api.url}/`,
    );
  });

  it("keeps the client secret out of the audit log and the logs' answers", async () => {
    const entries = await api.db
      .selectFrom("audit_log")
      .selectAll()
      .where("target_id", "=", "signin")
      .execute();
    expect(entries.length).toBeGreaterThan(0);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(provider.clientSecret);
    expect(text).toContain("oidcSecret");
  });

  it("checks its settings: an http issuer off loopback, a changed issuer without its secret", async () => {
    for (const value of [
      { oidcIssuer: "http://idp.example.com" },
      { oidcIssuer: "https://user:pw@idp.example.com" },
      { oidcIssuer: "javascript:alert(1)" },
      { oidcName: "x".repeat(51) },
    ]) {
      const res = await api.post(
        "/manage/config/setConfig",
        { name: "signin", value },
        { token: admin.token },
      );
      expect(res.key, JSON.stringify(value)).toBe("config.invalidField");
    }
    // Pointing the client elsewhere drops the stored secret (it is never sent there).
    await configure({ oidcIssuer: "https://elsewhere.example" });
    const settings = await api.post(
      "/manage/config/getSettings",
      {},
      { token: admin.token },
    );
    expect(settings.data).toMatchObject({ signin: { hasOidcSecret: false } });
    await configure({
      oidcIssuer: provider.issuer,
      oidcSecret: provider.clientSecret,
    });
    // Not set up at all: the button's address says so.
    await configure({ oidcIssuer: "" });
    const off = await new Browser().follow(`${api.url}/auth/oidc/login`);
    expect(off.last).toContain("sso_error=sso.off");
    await configure({
      oidcIssuer: provider.issuer,
      oidcSecret: provider.clientSecret,
    });
  });
});
