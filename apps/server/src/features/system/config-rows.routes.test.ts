import { type ConfigRow, type GlobalConfig, manage } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";
import { formatDateTime } from "../../lib/clock.js";

/*
 * manage/config/getAllConfig and getConfig as the old admin page reads them (issue 51 item
 * 12; wire-contract.md §2.8, §4.1, §4.2): an array of `yu_config` rows, no password or key
 * in any, and a save of what was read (merged over the page's own defaults, as it does)
 * works and keeps the stored mail password.
 */
let api: TestApp;
let admin: TestUser;
let seededAt: number;

const MAIL_SECRET = "old-Page-mail-secret-7";
const ROW_KEYS = [
  "id",
  "name",
  "value",
  "create_user",
  "update_time",
  "create_time",
  "remark",
  "status",
];

beforeAll(async () => {
  api = await startTestApp();
  seededAt = api.clock.now();
  admin = await loginAdmin(api);
});
afterAll(async () => {
  await api.close();
});

const en = { "Accept-Language": "en" };
const post = (path: string, body: object, user: TestUser | null = admin) =>
  api.post(path, body, { token: user?.token, headers: en });

async function rows(user: TestUser = admin): Promise<ConfigRow[]> {
  const res = await post("/manage/config/getAllConfig", {}, user);
  expect(res.code, res.msg).toBe(0);
  return (res.data as unknown[]).map((row) =>
    manage.ConfigRowSchema.parse(row),
  );
}

async function rowOf<N extends ConfigRow["name"]>(
  name: N,
): Promise<Extract<ConfigRow, { name: N }>> {
  const row = (await rows()).find((r) => r.name === name);
  if (!row) throw new Error(`no ${name} row`);
  return row as Extract<ConfigRow, { name: N }>;
}

async function globalConfig(): Promise<GlobalConfig> {
  return (await api.post("/common/pub/getSystemInfo")).data as GlobalConfig;
}

/** The mail row as stored in the database (the console's own, once saved). */
async function storedSmtp(): Promise<Record<string, unknown>> {
  const row = await api.db
    .selectFrom("config")
    .select("value")
    .where("name", "=", "smtp")
    .executeTakeFirstOrThrow();
  return JSON.parse(row.value) as Record<string, unknown>;
}

/** Every field of a value whose name says it is a password, key or secret, with its value. */
function secretFields(value: unknown, at = ""): Array<[string, unknown]> {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const here = at ? `${at}.${key}` : key;
    // stunPass is the TURN credential every client reads from getSystemInfo to place calls.
    const secret =
      key !== "stunPass" && /pass|secret|key$|accessId|secretId/i.test(key);
    return [
      ...(secret ? [[here, inner] as [string, unknown]] : []),
      ...secretFields(inner, here),
    ];
  });
}

/** What the old admin page (6.0) holds before it reads the rows: it merges each over these. */
const OLD_PAGE_DEFAULTS = {
  sysInfo: {
    name: "",
    description: "",
    logo: "",
    regtype: "1",
    registerInterval: 0,
    regauth: "2",
    ipregion: "1",
    runMode: "1",
    diyName: "0",
    state: true,
    closeTips: "",
    multipleLogin: "0",
  },
  chatInfo: {
    simpleChat: true,
    groupChat: true,
    groupUserMax: 0,
    online: true,
    msgClear: true,
    msgClearDay: 0,
    webrtc: true,
    stun: "",
    stunUser: "",
    stunPass: "",
    sendInterval: "",
    redoTime: 120,
    dbDelMsg: false,
    // Its switches write "0" over a value they do not know.
    autoAddGroup: {
      status: "0",
      userMax: "",
      owner_uid: "",
      owner_info: [],
      name: "",
    },
    autoAddUser: { status: "0", user_ids: [], user_items: [] },
  },
  smtp: { host: "", port: 465, security: "ssl", addr: "", pass: "", sign: "" },
  fileUpload: {
    disk: "local",
    aliyun: {
      accessId: "",
      accessSecret: "",
      endpoint: "",
      bucket: "",
      url: "",
    },
    qiniu: { accessKey: "", secretKey: "", bucket: "", url: "" },
    qcloud: {
      appId: "",
      secretId: "",
      secretKey: "",
      region: "",
      bucket: "",
      cdn: "",
    },
    preview: "",
    size: 0,
    fileExt: "",
  },
};

/** Saves a section as the old admin page does: its defaults, the row read over them, a change. */
async function savedAsOldPage(
  name: keyof typeof OLD_PAGE_DEFAULTS,
  change: Record<string, unknown>,
  user: TestUser = admin,
) {
  const row = await rowOf(name);
  const value = { ...OLD_PAGE_DEFAULTS[name], ...row.value, ...change };
  return post("/manage/config/setConfig", { name, value }, user);
}

describe("getAllConfig", () => {
  it("answers the contract's five rows in id order, each a row of `yu_config` with its value an object", async () => {
    const res = await post("/manage/config/getAllConfig", {});
    expect(res.code, res.msg).toBe(0);
    expect(res.status).toBe(200);
    const data = res.data as Array<Record<string, unknown>>;
    expect(Array.isArray(data)).toBe(true);
    expect(data.map((row) => [row.id, row.name])).toEqual([
      [1, "sysInfo"],
      [2, "chatInfo"],
      [3, "smtp"],
      [4, "fileUpload"],
      [5, "compass"],
    ]);
    const seeded = formatDateTime(seededAt);
    for (const row of data) {
      expect(Object.keys(row)).toEqual(ROW_KEYS);
      expect(row).toMatchObject({
        create_user: 0,
        update_time: seeded,
        create_time: seeded,
        remark: null,
        status: 1,
      });
      expect(typeof row.value).toBe("object");
      expect(manage.ConfigRowSchema.safeParse(row).success).toBe(true);
    }
    expect(seeded).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("gives each section as it is in force, write-only fields empty", async () => {
    const shown = await globalConfig();
    const all = await rows();
    const value = (name: string) => all.find((r) => r.name === name)?.value;
    // The row as stored; the global config adds what sign-in offers.
    expect({ ...value("sysInfo"), sso: [], ssoOnly: "0" }).toEqual(
      shown.sysInfo,
    );
    expect(value("chatInfo")).toEqual({ ...shown.chatInfo, msgClear: "0" });
    const smtp = (await api.services.system.smtp()).row;
    expect(value("smtp")).toEqual({
      addr: smtp.addr,
      host: "",
      pass: "",
      port: smtp.port,
      sign: smtp.sign,
      security: smtp.security,
      user: "",
    });
    expect(value("fileUpload")).toEqual({
      ...shown.fileUpload,
      disk: "local",
      qiniu: { url: "", bucket: "", accessKey: "", secretKey: "" },
      aliyun: {
        url: "",
        bucket: "",
        accessId: "",
        endpoint: "",
        accessSecret: "",
      },
      qcloud: {
        cdn: "",
        appId: "",
        bucket: "",
        region: "",
        secretId: "",
        secretKey: "",
      },
    });
    // This product has no app launcher: the contract's seed value.
    expect(value("compass")).toEqual({ list: [], mode: 1, status: 0 });
  });

  it("never answers a stored mail password: after one is saved, no answer holds it", async () => {
    const saved = await post("/manage/config/setConfig", {
      name: "smtp",
      value: {
        host: "smtp.example.com",
        port: "465",
        security: "ssl",
        user: "mailer",
        pass: MAIL_SECRET,
        addr: "im@example.com",
        sign: "Parley",
      },
    });
    expect(saved.code, saved.msg).toBe(0);
    expect((await storedSmtp()).pass).toBe(MAIL_SECRET);

    const answers = await Promise.all([
      post("/manage/config/getAllConfig", {}),
      post("/manage/config/getConfig", { name: "smtp" }),
    ]);
    for (const answer of answers) {
      expect(answer.code, answer.msg).toBe(0);
      expect(JSON.stringify(answer)).not.toContain(MAIL_SECRET);
      for (const [field, value] of secretFields(answer.data))
        expect(value, field).toBe("");
    }
    const smtp = await rowOf("smtp");
    expect(smtp.value).toEqual({
      addr: "im@example.com",
      host: "smtp.example.com",
      pass: "",
      port: "465",
      sign: "Parley",
      security: "ssl",
      user: "mailer",
    });
  });

  it("says when a row was last written, and keeps when it was made", async () => {
    api.clock.advance(90_000);
    const res = await post("/manage/config/setConfig", {
      name: "sysInfo",
      value: { description: "Written later" },
    });
    expect(res.code, res.msg).toBe(0);
    const sysInfo = await rowOf("sysInfo");
    expect(sysInfo.update_time).toBe(formatDateTime(api.clock.now()));
    expect(sysInfo.create_time).toBe(formatDateTime(seededAt));
    expect((await rowOf("compass")).update_time).toBe(formatDateTime(seededAt));
  });
});

describe("getConfig", () => {
  it.each(["sysInfo", "chatInfo", "smtp", "fileUpload", "compass"])(
    "answers the one row %s, as getAllConfig does",
    async (name) => {
      const res = await post("/manage/config/getConfig", { name });
      expect(res.code, res.msg).toBe(0);
      expect(manage.ConfigRowSchema.parse(res.data)).toEqual(
        (await rows()).find((row) => row.name === name),
      );
    },
  );

  it.each([
    ["an unknown name", { name: "noSuchRow" }],
    ["the installation's secret", { name: "secret" }],
    ["a row the old page does not read", { name: "storage" }],
  ])("refuses %s with an envelope naming the field", async (_what, body) => {
    const res = await post("/manage/config/getConfig", body);
    expect(res.status).toBe(200);
    expect(res.code).toBe(400);
    expect(res.key).toBe("config.invalidField");
    expect(res.msg).toBe("The setting name isn't valid");
    expect(res.data).toBe("");
  });

  it("refuses a call without a name, naming the field", async () => {
    const res = await post("/manage/config/getConfig", {});
    expect(res.status).toBe(200);
    expect(res.code).toBe(400);
    expect(res.key).toBe("request.invalidField");
    expect(res.msg).toContain("name");
  });
});

describe("who may read the rows", () => {
  it("where an administrator gets the rows, a normal user gets the missing-call answer and a visitor signs in first", async () => {
    const user = await registerAndLogin(api);
    const missing = await post("/manage/no/such/call", {}, user);
    for (const [path, body] of [
      ["/manage/config/getAllConfig", {}],
      ["/manage/config/getConfig", { name: "smtp" }],
    ] as const) {
      const allowed = await post(path, body);
      expect(allowed.code, allowed.msg).toBe(0);
      const refused = await post(path, body, user);
      expect(refused).toEqual(missing);
      expect(refused.code).toBe(404);
      expect(JSON.stringify(refused)).not.toContain("smtp");
      expect((await post(path, body, null)).code).toBe(-1);
    }
    expect(await rows()).toHaveLength(5);
  });

  it("an administrator of role 2 reads them as any administrator does: no secret in them", async () => {
    const role2 = await roleTwo();
    const asRole2 = await rows(role2);
    expect(asRole2).toEqual(await rows());
    expect(asRole2.map((row) => row.name)).toContain("smtp");
    expect(JSON.stringify(asRole2)).not.toContain(MAIL_SECRET);
  });
});

/** A new user made an administrator of role 2, and signed in again with that role. */
async function roleTwo(): Promise<TestUser> {
  const helper = await registerAndLogin(api);
  const set = await post("/manage/User/setRole", {
    user_id: helper.userId,
    role: 2,
  });
  expect(set.code, set.msg).toBe(0);
  const login = await api.post("/common/pub/login", {
    account: helper.account,
    password: helper.password,
  });
  return { ...helper, token: (login.data as { authToken: string }).authToken };
}

describe("the old admin page's save of what it read", () => {
  it("smtp: saves the change and keeps the stored password it got back empty", async () => {
    // The page's number input hands the port back as a number.
    const port = Number((await rowOf("smtp")).value.port);
    const res = await savedAsOldPage("smtp", { sign: "Old page", port });
    expect(res.code, res.msg).toBe(0);
    expect((await rowOf("smtp")).value.sign).toBe("Old page");
    const stored = await storedSmtp();
    expect(stored.pass).toBe(MAIL_SECRET);
    expect(stored.host).toBe("smtp.example.com");
    expect((await api.services.system.smtp()).row.pass).toBe(MAIL_SECRET);
  });

  it("sysInfo: saves the change; the page's registration interval is taken and not kept", async () => {
    const res = await savedAsOldPage("sysInfo", {
      description: "Saved by the old page",
    });
    expect(res.code, res.msg).toBe(0);
    const sysInfo = await rowOf("sysInfo");
    expect(sysInfo.value.description).toBe("Saved by the old page");
    expect(sysInfo.value).not.toHaveProperty("registerInterval");
    expect((await globalConfig()).sysInfo).toEqual({
      ...sysInfo.value,
      sso: [],
      ssoOnly: "0",
    });
  });

  it("chatInfo: saves the change; its retention switch sets the days; automatic contacts are not kept", async () => {
    const before = (await rowOf("chatInfo")).value;
    const res = await savedAsOldPage("chatInfo", {
      redoTime: 300,
      msgClear: "1",
      msgClearDay: 30,
    });
    expect(res.code, res.msg).toBe(0);
    const after = await rowOf("chatInfo");
    expect(after.value).toEqual({
      ...before,
      redoTime: "300",
      msgClearDay: "30",
      msgClear: "1",
    });
    expect(JSON.stringify(await globalConfig())).not.toMatch(
      /autoAdd|msgClear"/,
    );

    // Switched off, the days it still shows are not kept: messages stay for good.
    const off = await savedAsOldPage("chatInfo", { msgClear: "0" });
    expect(off.code, off.msg).toBe(0);
    expect((await rowOf("chatInfo")).value).toMatchObject({
      msgClear: "0",
      msgClearDay: "0",
      redoTime: "300",
    });
  });

  it("fileUpload: saves the change; the disk posted back unchanged moves nothing", async () => {
    const res = await savedAsOldPage("fileUpload", { size: 40 });
    expect(res.code, res.msg).toBe(0);
    const fileUpload = await rowOf("fileUpload");
    expect(fileUpload.value.size).toBe("40");
    expect(fileUpload.value.disk).toBe("local");
    // The storage is still the environment's: posting its disk back saved no storage row.
    expect((await api.services.system.storage()).source).toBe("env");
  });

  it("an administrator of role 2 saves the upload settings with the disk in use, not another disk", async () => {
    const role2 = await roleTwo();
    const same = await savedAsOldPage("fileUpload", { size: 30 }, role2);
    expect(same.code, same.msg).toBe(0);
    expect((await rowOf("fileUpload")).value.size).toBe("30");
    const moved = await savedAsOldPage(
      "fileUpload",
      { disk: "s3", size: 20 },
      role2,
    );
    expect(moved.key).toBe("console.notPermitted");
    expect((await rowOf("fileUpload")).value).toMatchObject({
      size: "30",
      disk: "local",
    });
    // The mail settings stay a super administrator's, whatever is posted back.
    const mail = await savedAsOldPage("smtp", { sign: "Role two" }, role2);
    expect(mail.key).toBe("console.notPermitted");
    expect((await storedSmtp()).pass).toBe(MAIL_SECRET);
  });
});
