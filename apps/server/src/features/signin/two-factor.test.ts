import { CloseCodes, Codes } from "@parley/protocol";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { hashSecret } from "../../lib/ids.js";
import { useTestApp } from "../../../test/build-test-app.js";
import { openSocket } from "../../../test/ws-client.js";
import {
  countRows,
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Issue 46, two-factor codes (extensions.md §7): setup, enable with ten recovery codes,
 * login asking for the code (1001, no session), a code taken once, a recovery code once,
 * wrong codes in the login limits, turning it off, and the administrators' requirement
 * (a setup-only session, 1002). Both databases.
 */

const app = useTestApp({ RATE_LOGIN_ACCOUNT: "4" });

/** The code an authenticator shows for this secret at this time (ms). */
function codeAt(secret: string, at: number): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate({ timestamp: at });
}

async function call(user: TestUser, path: string, body: object = {}) {
  return app().post(`/enterprise/im/${path}`, body, { token: user.token });
}

function login(user: TestUser, extra: Record<string, string> = {}) {
  return app().post("/common/pub/login", {
    account: user.account,
    password: user.password,
    ...extra,
  });
}

/** Turns two-factor on for the user: its secret and recovery codes. */
async function turnOn(
  user: TestUser,
): Promise<{ secret: string; recovery: string[] }> {
  const setup = await call(user, "totpSetup");
  expect(setup.code, setup.msg).toBe(0);
  const { secret } = setup.data as { secret: string; uri: string };
  const enabled = await call(user, "totpEnable", {
    code: codeAt(secret, app().clock.now()),
  });
  expect(enabled.code, enabled.msg).toBe(0);
  // The next code is a step later: the one that confirmed it is taken.
  app().clock.advance(30_000);
  return {
    secret,
    recovery: (enabled.data as { recovery: string[] }).recovery,
  };
}

async function ownCard(user: TestUser) {
  const res = await call(user, "getUserInfo", { user_id: user.userId });
  expect(res.code, res.msg).toBe(0);
  return res.data as { totp?: number };
}

describe("two-factor codes", () => {
  it("sets up with an otpauth URI, turns on only with a right code, and answers ten recovery codes once", async () => {
    const user = await registerAndLogin(app());
    expect((await ownCard(user)).totp).toBe(0);
    const setup = await call(user, "totpSetup");
    const { secret, uri } = setup.data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = OTPAuth.URI.parse(uri);
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.label).toBe(user.account);
    expect(parsed.issuer).toBe("Parley");
    // Set up is not on: a login still needs no code.
    expect((await login(user)).code).toBe(0);

    const wrong = await call(user, "totpEnable", { code: "000000" });
    expect(wrong.key).toBe("totp.codeWrong");
    expect((await ownCard(user)).totp).toBe(0);

    const enabled = await call(user, "totpEnable", {
      code: codeAt(secret, app().clock.now()),
    });
    expect(enabled.code, enabled.msg).toBe(0);
    const { recovery } = enabled.data as { recovery: string[] };
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery)
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await ownCard(user)).totp).toBe(1);

    // Nothing stored as it was shown: the secret sealed, the recovery codes as keyed hashes.
    const row = await app()
      .db.selectFrom("user_totp")
      .selectAll()
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    const hashes = await app()
      .db.selectFrom("totp_recovery_codes")
      .select("code_hash")
      .where("user_id", "=", user.userId)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(recovery).not.toContain(code_hash);
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
    }

    // A second setup while on is refused, and a second enable too.
    expect((await call(user, "totpSetup")).key).toBe("totp.alreadyOn");
    expect(
      (
        await call(user, "totpEnable", {
          code: codeAt(secret, app().clock.now()),
        })
      ).key,
    ).toBe("totp.alreadyOn");
  });

  it("asks for the code (1001) after the right password and opens no session; signs in with it once", async () => {
    const user = await registerAndLogin(app());
    const { secret } = await turnOn(user);
    const sessions = await countRows(app(), "sessions");

    const asked = await login(user);
    expect(asked.code).toBe(Codes.totpRequired);
    expect(asked.key).toBe("login.totpRequired");
    expect(asked.data).toBe("");
    // A wrong password never hears of the second factor.
    const wrongPassword = await login(
      { ...user, password: "not-it-12" },
      { totp: codeAt(secret, app().clock.now()) },
    );
    expect(wrongPassword.key).toBe("login.failed");
    const wrongCode = await login(user, { totp: "123456" });
    expect(wrongCode.key).toBe("login.totpWrong");
    expect(await countRows(app(), "sessions")).toBe(sessions);

    const code = codeAt(secret, app().clock.now());
    const signedIn = await login(user, { totp: code });
    expect(signedIn.code, signedIn.msg).toBe(0);
    expect(signedIn.data).not.toHaveProperty("totpSetup");
    // The same code again, in its own 30 s: refused.
    expect((await login(user, { totp: code })).key).toBe("login.totpWrong");
    // Spaces typed between the digits are dropped; one step of drift is accepted.
    app().clock.advance(60_000);
    const late = codeAt(secret, app().clock.now() - 30_000);
    const drift = await login(user, {
      totp: `${late.slice(0, 3)} ${late.slice(3)}`,
    });
    expect(drift.code, drift.msg).toBe(0);
    // Two steps old: refused.
    app().clock.advance(30_000);
    expect(
      (await login(user, { totp: codeAt(secret, app().clock.now() - 60_000) }))
        .key,
    ).toBe("login.totpWrong");
  });

  it("takes a recovery code once", async () => {
    const user = await registerAndLogin(app());
    const { recovery } = await turnOn(user);
    const [first = "", second = ""] = recovery;
    expect((await login(user, { totp: first })).code).toBe(0);
    expect((await login(user, { totp: first })).key).toBe("login.totpWrong");
    // Upper case and without its hyphen, as people type it.
    const typed = second.replace("-", "").toUpperCase();
    expect((await login(user, { totp: typed })).code).toBe(0);
  });

  it("a login by a verification code asks for the second factor too", async () => {
    const user = await registerAndLogin(app());
    const { secret } = await turnOn(user);
    const code = "424242";
    const now = app().clock.now();
    await app()
      .db.insertInto("verification_codes")
      .values({
        account: user.account.toLowerCase(),
        type: 1,
        code_hash: hashSecret(code),
        created_at: now,
        expires_at: now + 300_000,
      })
      .execute();
    const asked = await app().post("/common/pub/login", {
      account: user.account,
      code,
    });
    expect(asked.code).toBe(Codes.totpRequired);
    // The code was right and is spent; the second try brings a new one and the factor.
    const another = "434343";
    await app()
      .db.insertInto("verification_codes")
      .values({
        account: user.account.toLowerCase(),
        type: 1,
        code_hash: hashSecret(another),
        created_at: now + 1,
        expires_at: now + 300_000,
      })
      .execute();
    const signedIn = await app().post("/common/pub/login", {
      account: user.account,
      code: another,
      totp: codeAt(secret, app().clock.now()),
    });
    expect(signedIn.code, signedIn.msg).toBe(0);
  });

  it("counts wrong codes in the login limits: past them even the right code waits", async () => {
    const user = await registerAndLogin(app());
    const { secret } = await turnOn(user);
    for (let i = 0; i < 4; i += 1)
      expect((await login(user, { totp: "000000" })).key).toBe(
        "login.totpWrong",
      );
    const blocked = await login(user, {
      totp: codeAt(secret, app().clock.now()),
    });
    expect(blocked.code).toBe(Codes.rateLimited);
  });

  it("turns off with a current code or a recovery code, and not with a wrong one", async () => {
    const user = await registerAndLogin(app());
    const { secret, recovery } = await turnOn(user);
    expect((await call(user, "totpDisable", { code: "111111" })).key).toBe(
      "totp.codeWrong",
    );
    expect((await call(user, "totpDisable", { code: recovery[0] })).code).toBe(
      0,
    );
    expect((await ownCard(user)).totp).toBe(0);
    expect((await login(user)).code).toBe(0);
    expect(
      await app()
        .db.selectFrom("totp_recovery_codes")
        .select("user_id")
        .where("user_id", "=", user.userId)
        .execute(),
    ).toEqual([]);
    expect((await call(user, "totpDisable", { code: "123456" })).key).toBe(
      "totp.off",
    );
    // On again with a current code, off with one.
    const again = await turnOn(user);
    expect(again.secret).not.toBe(secret);
    const off = await call(user, "totpDisable", {
      code: codeAt(again.secret, app().clock.now()),
    });
    expect(off.code, off.msg).toBe(0);
  });

  it("refuses bad input with an envelope and without a session", async () => {
    const user = await registerAndLogin(app());
    expect((await call(user, "totpEnable", {})).code).not.toBe(0);
    expect((await call(user, "totpEnable", { code: "" })).key).toBe(
      "totp.codeRequired",
    );
    expect(
      (await call(user, "totpEnable", { code: "9".repeat(40) })).code,
    ).toBe(Codes.refused);
    expect((await call(user, "totpEnable", { code: "123456" })).key).toBe(
      "totp.notSetUp",
    );
    for (const path of ["totpSetup", "totpEnable", "totpDisable"]) {
      const res = await app().post(`/enterprise/im/${path}`, { code: "1" });
      expect(res.code).toBe(Codes.noSession);
    }
    // A login's code of another shape is a wrong code, never a crash.
    await turnOn(user);
    for (const totp of ["12345", "' OR 1=1 --", "🙂🙂🙂"])
      expect((await login(user, { totp })).key).toBe("login.totpWrong");
  });
});

describe("two-factor required by the administrators", () => {
  it("gives a setup-only session (1002 elsewhere, no socket) until it is on; it cannot be turned off then", async () => {
    const admin = await loginAdmin(app());
    const user = await registerAndLogin(app());
    const require = async (totpRequired: string) => {
      const res = await app().post(
        "/manage/config/setConfig",
        { name: "signin", value: { totpRequired } },
        { token: admin.token },
      );
      expect(res.code, res.msg).toBe(0);
    };
    await require("1");
    try {
      // An ordinary user is not asked.
      const plain = await login(user);
      expect(plain.code).toBe(0);
      expect(plain.data).not.toHaveProperty("totpSetup");

      const signedIn = await app().post("/common/pub/login", {
        account: admin.account,
        password: admin.password,
      });
      expect(signedIn.code, signedIn.msg).toBe(0);
      expect(signedIn.data).toMatchObject({ totpSetup: 1 });
      const token = (signedIn.data as { authToken: string }).authToken;
      const limited: TestUser = { ...admin, token };
      const elsewhere = await app().post(
        "/manage/config/getSettings",
        {},
        { token },
      );
      expect(elsewhere.code).toBe(Codes.totpSetupRequired);
      expect(elsewhere.key).toBe("totp.setupRequired");
      expect((await call(limited, "search", { keywords: "x" })).code).toBe(
        Codes.totpSetupRequired,
      );
      // Nobody's card either, one's own included.
      expect(
        (await call(limited, "getUserInfo", { user_id: user.userId })).code,
      ).toBe(Codes.totpSetupRequired);
      expect((await call(limited, "loginTicket")).code).toBe(
        Codes.totpSetupRequired,
      );
      // No socket either: it would bring the account's messages.
      const socket = await openSocket(app().url);
      socket.send({ type: "bindUid", user_id: admin.userId, token });
      expect((await socket.closed).code).toBe(CloseCodes.policy);

      const { secret } = await turnOn(limited);
      // The same session may do everything now.
      const settings = await app().post(
        "/manage/config/getSettings",
        {},
        { token },
      );
      expect(settings.code, settings.msg).toBe(0);
      expect(
        (
          await call(limited, "totpDisable", {
            code: codeAt(secret, app().clock.now()),
          })
        ).key,
      ).toBe("totp.required");
      // Signing in again asks for the code, and then gives a whole session.
      const again = await app().post("/common/pub/login", {
        account: admin.account,
        password: admin.password,
        totp: codeAt(secret, app().clock.now()),
      });
      expect(again.code, again.msg).toBe(0);
      expect(again.data).not.toHaveProperty("totpSetup");

      // Everyone, once the administrators say so.
      await require("2");
      expect((await login(user)).data).toMatchObject({ totpSetup: 1 });
    } finally {
      await app()
        .db.updateTable("user_totp")
        .set({ enabled: 0 })
        .where("user_id", "=", admin.userId)
        .execute();
      await require("0");
    }
  });
});
