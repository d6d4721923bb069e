import { signinFromEnv } from "./signin-settings.js";
import { describe, expect, it } from "vitest";
import { useTestDb } from "../../../test/test-db.js";
import { createFeatures } from "../../context.js";
import { InProcessHub } from "../../realtime/hub.js";
import { createRealtimePorts } from "../../realtime/publisher.js";
import { ManualClock } from "../../lib/clock.js";
import { loadConfig } from "../../config.js";
import {
  smsFromEnv,
  smtpFromEnv,
  storageFromEnv,
} from "./delivery-settings.js";
import { systemRepository } from "./system.repository.js";
import { CONFIG_READ_AGAIN_MS, SystemService } from "./system.service.js";

/*
 * The config is read on every request, so each process holds it (issue 14): these check
 * that it is read once, read again after a save here or elsewhere, and never held stale
 * for longer than CONFIG_READ_AGAIN_MS when news is lost.
 */
const testDb = useTestDb();

/** A service on the test database whose config reads are counted; two share one hub. */
function service(
  hub: InProcessHub,
  clock: ManualClock,
  fail = { now: false },
  channels = { email: false, phone: false },
) {
  const repo = systemRepository(testDb().db);
  const reads = { count: 0 };
  const counted = {
    ...repo,
    readConfigRows: () => {
      reads.count += 1;
      if (fail.now) return Promise.reject(new Error("database away"));
      return repo.readConfigRows();
    },
  };
  const ports = createRealtimePorts(hub, clock);
  const system = new SystemService({
    repo: counted,
    clock,
    publish: ports.publish,
    changes: ports.changes,
    ...unprovided(),
    demoMode: false,
    codeChannels: () => Promise.resolve({ ...channels }),
    env: {
      smtp: smtpFromEnv(loadConfig({})),
      storage: storageFromEnv(loadConfig({})),
      sms: smsFromEnv(loadConfig({})),
      signin: signinFromEnv(loadConfig({})),
    },
    checkBucket: () => Promise.resolve(false),
  });
  return { system, reads };
}

/** The ports of a system service no other feature is wired to (a call would throw). */
function unprovided() {
  const { features } = createFeatures();
  return {
    accounts: features.accounts,
    friends: features.friends,
    audit: features.audit,
  };
}

const writeName = (name: string) =>
  testDb()
    .db.updateTable("config")
    .set({ value: JSON.stringify({ name }) })
    .where("name", "=", "sysInfo")
    .execute();

describe("the config each process holds", () => {
  it("is read once for many requests, and again after a save announced by any process", async () => {
    const hub = new InProcessHub();
    const clock = new ManualClock();
    const here = service(hub, clock);
    const there = service(hub, clock);
    await here.system.seedDefaults();
    await Promise.all([
      here.system.config(),
      here.system.config(),
      here.system.rules(),
    ]);
    await here.system.config();
    expect(here.reads.count).toBe(1);

    await there.system.config();
    await writeName("Saved elsewhere");
    // Written without news: the held config stands until it is told.
    expect((await here.system.config()).sysInfo.name).not.toBe(
      "Saved elsewhere",
    );
    // The other process announces its save (as writeRow does after writing).
    await createRealtimePorts(hub, clock).changes.announce({ what: "config" });
    expect((await here.system.config()).sysInfo.name).toBe("Saved elsewhere");
    expect((await there.system.config()).sysInfo.name).toBe("Saved elsewhere");
    expect(here.reads.count).toBe(2);
  });

  it("is read again once CONFIG_READ_AGAIN_MS have passed, should news be lost", async () => {
    const clock = new ManualClock();
    const lonely = service(new InProcessHub(), clock);
    await writeName("Before");
    await lonely.system.config();
    await writeName("After, no news");
    clock.advance(CONFIG_READ_AGAIN_MS - 1);
    expect((await lonely.system.config()).sysInfo.name).toBe("Before");
    clock.advance(1);
    expect((await lonely.system.config()).sysInfo.name).toBe("After, no news");
  });

  it("keeps no failed read: the next request reads again", async () => {
    const clock = new ManualClock();
    const fail = { now: true };
    const flaky = service(new InProcessHub(), clock, fail);
    await expect(flaky.system.config()).rejects.toThrow("database away");
    fail.now = false;
    await expect(flaky.system.config()).resolves.toBeDefined();
    expect(flaky.reads.count).toBe(2);
  });
});

describe("the global config's JSON text", () => {
  it("is written once per language and again when a row or a mail channel changes", async () => {
    const hub = new InProcessHub();
    const clock = new ManualClock();
    const channels = { email: false, phone: false };
    const { system } = service(hub, clock, { now: false }, channels);
    await writeName("First");
    const first = await system.globalConfigText("en");
    expect(JSON.parse(first.text)).toEqual(first.value);
    expect(first.value).toMatchObject({
      lang: "en",
      sysInfo: { name: "First" },
    });
    // The same rows: the very text written before, per language.
    expect(await system.globalConfigText("en")).toBe(first);
    const zh = await system.globalConfigText("zh");
    expect(zh).not.toBe(first);
    expect(zh.value.lang).toBe("zh");
    expect(await system.globalConfigText("zh")).toBe(zh);

    // A row saved (and announced): a new text with the new value.
    await writeName("Second");
    await createRealtimePorts(hub, clock).changes.announce({ what: "config" });
    const second = await system.globalConfigText("en");
    expect(second).not.toBe(first);
    expect(JSON.parse(second.text)).toMatchObject({
      sysInfo: { name: "Second" },
    });

    // The rows read again unchanged (CONFIG_READ_AGAIN_MS): still the same text.
    clock.advance(CONFIG_READ_AGAIN_MS);
    expect(await system.globalConfigText("en")).toBe(second);

    // Mail becomes able to send codes: the answer says so at once.
    channels.email = true;
    const mailed = await system.globalConfigText("en");
    expect(mailed).not.toBe(second);
    expect(JSON.parse(mailed.text)).toMatchObject({ codeByEmail: true });
  });
});
