import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { manage } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";
import { bucketSettings, startS3, type TestS3 } from "../../../test/s3.js";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink.js";
import { LocalStorage } from "../../storage/local-storage.js";

/*
 * Mail and storage set up in the console (issue 12: setConfig `smtp` and `storage`, and the
 * old admin page's `fileUpload.disk`): saved, checked field by field, applied at once to
 * mail and uploads, secrets written but never read back. Until saved, the environment's
 * settings stand (the other suites run on them).
 */
let api: TestApp;
let demo: TestApp;
let admin: TestUser;
let smtp: SmtpSink;
let s3: TestS3;

const MAIL_SECRET = "console-Mail-secret-9";

beforeAll(async () => {
  smtp = await startSmtpSink();
  s3 = await startS3();
  api = await startTestApp();
  demo = await startTestApp({ DEMO_MODE: "1" });
  admin = await loginAdmin(api);
});
afterAll(async () => {
  await api.close();
  await demo.close();
  await smtp.close();
  await s3.close();
});

const en = { "Accept-Language": "en" };
const setConfig = (
  name: string,
  value: Record<string, unknown>,
  user: TestUser | null = admin,
  app: TestApp = api,
) =>
  app.post(
    "/manage/config/setConfig",
    { name, value },
    { token: user?.token, headers: en },
  );

async function allConfig(): Promise<manage.AllConfig> {
  const res = await api.post(
    "/manage/config/getSettings",
    {},
    { token: admin.token },
  );
  expect(res.code, res.msg).toBe(0);
  return manage.AllConfigSchema.parse(res.data);
}

/** The audit entries of config saves of one section, newest first. */
async function audited(section: string) {
  const res = await api.post(
    "/manage/audit/index",
    { action: "config.set", target_id: section, limit: 20 },
    { token: admin.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as Array<{ before: unknown; after: unknown }>;
}

describe("mail settings (setConfig smtp)", () => {
  it("start from the environment: none here", async () => {
    const { smtp: shown } = await allConfig();
    expect(shown).toMatchObject({
      host: "",
      source: "env",
      hasPassword: false,
    });
    expect(
      (
        await api.post(
          "/manage/config/sendTestEmail",
          { email: "ops@example.com" },
          { token: admin.token, headers: en },
        )
      ).key,
    ).toBe("console.mailNotConfigured");
  });

  it("are saved in the console and used at once: test email, codes, the sign-up switch", async () => {
    const res = await setConfig("smtp", {
      host: "127.0.0.1",
      port: String(smtp.port),
      security: "none",
      user: "console-mailer",
      pass: MAIL_SECRET,
      addr: "im@example.com",
      sign: "Parley 通知",
    });
    expect(res.code, res.msg).toBe(0);

    const all = await allConfig();
    expect(all.smtp).toEqual({
      host: "127.0.0.1",
      port: String(smtp.port),
      security: "none",
      user: "console-mailer",
      addr: "im@example.com",
      sign: "Parley 通知",
      hasPassword: true,
      source: "console",
    });

    const sent = await api.post(
      "/manage/config/sendTestEmail",
      { email: "ops@example.com" },
      { token: admin.token, headers: en },
    );
    expect(sent.code, sent.msg).toBe(0);
    const mail = smtp.mails.find((m) => m.to.includes("ops@example.com"));
    expect(mail?.from).toBe("im@example.com");
    expect(mail?.raw).toContain("<im@example.com>");
    expect(smtp.logins).toContainEqual({
      user: "console-mailer",
      pass: MAIL_SECRET,
    });

    // Registration's codes now go by mail, and the public config says so.
    const info = await api.post("/common/pub/getSystemInfo", {});
    expect((info.data as { codeByEmail: boolean }).codeByEmail).toBe(true);
    const waiting = smtp.nextCode("newcomer@example.com");
    const code = await api.post("/common/pub/sendCode", {
      account: "newcomer@example.com",
      type: 2,
    });
    expect(code.code, code.msg).toBe(0);
    expect(await waiting).toMatch(/^\d{6}$/);
  });

  it("never send the password back; an empty password keeps it; clearPass removes it", async () => {
    const everything = await Promise.all([
      api.post("/manage/config/getSettings", {}, { token: admin.token }),
      api.post("/manage/config/getAllConfig", {}, { token: admin.token }),
      api.post(
        "/manage/config/getConfig",
        { name: "smtp" },
        { token: admin.token },
      ),
      api.post("/common/pub/getSystemInfo", {}),
      api.post("/manage/audit/index", { limit: 100 }, { token: admin.token }),
    ]);
    for (const answer of everything)
      expect(JSON.stringify(answer)).not.toContain(MAIL_SECRET);

    // Saving other fields with the password left empty keeps it.
    expect((await setConfig("smtp", { sign: "Parley", pass: "" })).code).toBe(
      0,
    );
    expect((await allConfig()).smtp.hasPassword).toBe(true);
    smtp.logins.length = 0;
    await api.post(
      "/manage/config/sendTestEmail",
      { email: "again@example.com" },
      { token: admin.token },
    );
    expect(smtp.logins).toContainEqual({
      user: "console-mailer",
      pass: MAIL_SECRET,
    });

    // The change is audited with the password masked.
    const [latest] = await audited("smtp");
    expect(latest?.after).toEqual({ sign: "Parley" });
    const first = (await audited("smtp")).at(-1);
    expect(first?.after).toMatchObject({ pass: "********", host: "127.0.0.1" });

    expect((await setConfig("smtp", { clearPass: "1" })).code).toBe(0);
    expect((await allConfig()).smtp.hasPassword).toBe(false);
    smtp.logins.length = 0;
    await api.post(
      "/manage/config/sendTestEmail",
      { email: "third@example.com" },
      { token: admin.token },
    );
    expect(smtp.mails.some((m) => m.to.includes("third@example.com"))).toBe(
      true,
    );
    expect(smtp.logins).toEqual([]);
  });

  it("never send the stored password to a new place: a host, port or user changed without it drops it", async () => {
    expect(
      (
        await setConfig("smtp", {
          host: "127.0.0.1",
          port: String(smtp.port),
          user: "console-mailer",
          pass: MAIL_SECRET,
        })
      ).code,
    ).toBe(0);
    expect((await allConfig()).smtp.hasPassword).toBe(true);
    // An administrator points the mail at a listener of their own, password left empty.
    const listener = await startSmtpSink();
    try {
      expect(
        (
          await setConfig("smtp", {
            host: "127.0.0.1",
            port: String(listener.port),
            pass: "",
          })
        ).code,
      ).toBe(0);
      expect((await allConfig()).smtp.hasPassword).toBe(false);
      await api.post(
        "/manage/config/sendTestEmail",
        { email: "probe@example.com" },
        { token: admin.token },
      );
      expect(JSON.stringify(listener.logins)).not.toContain(MAIL_SECRET);
      // Given anew with the new place, it is kept and used there.
      expect(
        (
          await setConfig("smtp", {
            port: String(smtp.port),
            pass: MAIL_SECRET,
          })
        ).code,
      ).toBe(0);
      expect((await allConfig()).smtp.hasPassword).toBe(true);
    } finally {
      await listener.close();
    }
  });

  it.each([
    ["host", { host: "bad host name" }],
    ["host", { host: "exa_mple..com" }],
    ["port", { port: "0" }],
    ["port", { port: "70000" }],
    ["security", { security: "starttls" }],
    ["addr", { addr: "not-an-address" }],
    ["sign", { sign: "x".repeat(51) }],
    ["pass", { pass: ["a", "b"] }],
    ["from", { from: "someone@example.com" }],
  ])(
    "refuse a bad %s, field by field, and change nothing",
    async (field, value) => {
      const before = await allConfig();
      const res = await setConfig("smtp", value);
      expect(res.code).not.toBe(0);
      expect(res.key).toBe("config.invalidField");
      expect(res.msg).toBe(`The setting ${field} isn't valid`);
      expect(await allConfig()).toEqual(before);
    },
  );

  it("are the administrators' alone, and demo mode's to read only", async () => {
    const member = await registerAndLogin(api);
    const asMember = await setConfig("smtp", { host: "evil.example" }, member);
    const missing = await api.post(
      "/manage/config/noSuchCall",
      {},
      { token: member.token, headers: en },
    );
    expect({ code: asMember.code, msg: asMember.msg }).toEqual({
      code: missing.code,
      msg: missing.msg,
    });
    expect(
      (await setConfig("smtp", { host: "evil.example" }, null)).code,
    ).not.toBe(0);
    const demoAdmin = await loginAdmin(demo);
    expect(
      (await setConfig("smtp", { host: "evil.example" }, demoAdmin, demo)).key,
    ).toBe("demo.readOnly");
    expect((await allConfig()).smtp.host).toBe("127.0.0.1");
  });

  it("with the storage settings, are a super administrator's: an administrator of role 2 is refused, changing nothing", async () => {
    const helper = await registerAndLogin(api);
    await api.post(
      "/manage/User/setRole",
      { user_id: helper.userId, role: 2 },
      { token: admin.token },
    );
    const login = await api.post("/common/pub/login", {
      account: helper.account,
      password: helper.password,
    });
    const role2 = {
      ...helper,
      token: (login.data as { authToken: string }).authToken,
    };
    const before = await allConfig();
    for (const [name, value] of [
      ["smtp", { host: "listener.example.net", pass: "" }],
      ["storage", { disk: "local" }],
      // A disk other than the one in use (the same disk posted back changes nothing).
      ["fileUpload", { disk: "s3", size: 7 }],
    ] as const) {
      const res = await setConfig(name, value, role2);
      expect(res.key, name).toBe("console.notPermitted");
      expect(res.msg).not.toBe("");
    }
    expect(await allConfig()).toEqual(before);
    // The upload settings without the disk are an administrator's to change.
    expect((await setConfig("fileUpload", { size: 7 }, role2)).code).toBe(0);
    expect((await allConfig()).fileUpload.size).toBe("7");
    await setConfig("fileUpload", { size: Number(before.fileUpload.size) });
  });
});

/** A small PNG of one colour: each colour gives another stored file. */
function picture(background: string): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Uploads a logo and answers its public path (`/storage/logo/<hash>.png`). */
async function uploadLogo(bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "logo.png");
  const res = await api.post(
    "/common/upload/uploadImage",
    {},
    { token: admin.token, raw: form },
  );
  expect(res.code, res.msg).toBe(0);
  return new URL(res.data as string, api.url).pathname;
}

async function served(src: string): Promise<number> {
  return (await fetch(api.url + src)).status;
}

const keyOf = (src: string) => src.replace(/^\/storage\//, "");

function onLocalDisk(src: string): boolean {
  const local = api.storage;
  if (!(local instanceof LocalStorage)) throw new Error("a local folder");
  return fs.existsSync(path.join(local.root, keyOf(src)));
}

describe("storage settings (setConfig storage)", () => {
  it("switch new uploads to the bucket at once; files kept before are still served", async () => {
    expect((await allConfig()).storage).toMatchObject({
      disk: "local",
      source: "env",
    });
    const before = await uploadLogo(await picture("#204080"));
    expect(onLocalDisk(before)).toBe(true);

    const res = await setConfig("storage", bucketSettings(s3));
    expect(res.code, res.msg).toBe(0);
    const shown = (await allConfig()).storage;
    expect(shown).toEqual({
      disk: "s3",
      endpoint: s3.endpoint,
      region: "us-east-1",
      bucket: s3.bucket,
      pathStyle: "1",
      hasAccessKey: true,
      hasSecretKey: true,
      source: "console",
    });

    const after = await uploadLogo(await picture("#802040"));
    expect(await s3.keys()).toContain(keyOf(after));
    expect(onLocalDisk(after)).toBe(false);
    expect(await served(after)).toBe(200);
    expect(await served(before)).toBe(200);
  });

  it("never send the keys back, and audit them masked", async () => {
    const answers = await Promise.all([
      api.post("/manage/config/getSettings", {}, { token: admin.token }),
      api.post("/manage/config/getAllConfig", {}, { token: admin.token }),
      api.post(
        "/manage/config/getConfig",
        { name: "fileUpload" },
        { token: admin.token },
      ),
      api.post("/common/pub/getSystemInfo", {}),
      api.post("/manage/audit/index", { limit: 100 }, { token: admin.token }),
    ]);
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(s3.secretAccessKey);
      expect(text).not.toContain(`"${s3.accessKeyId}"`);
    }
    const [saved] = await audited("storage");
    expect(saved?.after).toMatchObject({
      disk: "s3",
      accessKey: "********",
      secretKey: "********",
    });
  });

  it("refuse a bucket that does not answer, and keep the one in use", async () => {
    const missing = await setConfig("storage", {
      ...bucketSettings(s3),
      bucket: "no-such-bucket",
    });
    expect(missing.key).toBe("config.storageUnreachable");
    expect(missing.msg).toMatch(/can't be reached/);
    const nobody = await setConfig("storage", {
      ...bucketSettings(s3),
      endpoint: "http://127.0.0.1:9",
    });
    expect(nobody.key).toBe("config.storageUnreachable");
    expect((await allConfig()).storage.endpoint).toBe(s3.endpoint);
    // Keys left empty are kept, so the working bucket is still saved as it was.
    const kept = await setConfig("storage", { accessKey: "", secretKey: "" });
    expect(kept.code, kept.msg).toBe(0);
    const next = await uploadLogo(await picture("#408020"));
    expect(await s3.keys()).toContain(keyOf(next));
  });

  it.each([
    ["disk", { disk: "qiniu" }],
    ["endpoint", { endpoint: "ftp://store.example" }],
    ["endpoint", { endpoint: "https://store.example/some/path" }],
    ["region", { region: "Not A Region" }],
    ["bucket", { bucket: "Upper_Case" }],
    ["bucket", { bucket: "ab" }],
    ["pathStyle", { pathStyle: "yes" }],
    ["secret", { secret: "x" }],
  ])("refuse a bad %s and change nothing", async (field, value) => {
    const before = await allConfig();
    const res = await setConfig("storage", value);
    expect(res.key).toBe("config.invalidField");
    expect(res.msg).toBe(`The setting ${field} isn't valid`);
    expect(await allConfig()).toEqual(before);
  });

  it("take the old admin page's fileUpload.disk; back on the disk, bucket files are still served", async () => {
    const inBucket = await uploadLogo(await picture("#a0a020"));
    // As the old admin page saves it: the disk and its cloud settings (not kept).
    const res = await setConfig("fileUpload", {
      disk: "local",
      size: "40",
      qiniu: { url: "", bucket: "", accessKey: "", secretKey: "" },
    });
    expect(res.code, res.msg).toBe(0);
    const all = await allConfig();
    expect(all.storage.disk).toBe("local");
    expect(all.storage.bucket).toBe(s3.bucket);
    expect(all.fileUpload.size).toBe("40");
    expect(JSON.stringify(all.fileUpload)).not.toContain("qiniu");

    const onDisk = await uploadLogo(await picture("#20a0a0"));
    expect(onLocalDisk(onDisk)).toBe(true);
    expect(await served(inBucket)).toBe(200);
  });

  it("refuse the bucket when none is set up", async () => {
    const fresh = await startTestApp();
    try {
      const who = await loginAdmin(fresh);
      const res = await setConfig("storage", { disk: "s3" }, who, fresh);
      expect(res.key).toBe("config.invalidField");
      expect(res.msg).toBe("The setting bucket isn't valid");
    } finally {
      await fresh.close();
    }
  });
});
