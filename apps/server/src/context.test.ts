import { signinFromEnv } from "./features/system/signin-settings.js";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createFeatures } from "./context.js";
import { createDatabase } from "./db/database.js";
import { systemRepository } from "./features/system/system.repository.js";
import { loadConfig } from "./config.js";
import {
  smsFromEnv,
  smtpFromEnv,
  storageFromEnv,
} from "./features/system/delivery-settings.js";
import { SystemService } from "./features/system/system.service.js";
import { systemClock } from "./lib/clock.js";

const db = createDatabase({ kind: "sqlite", file: ":memory:" });
const { features: unprovided } = createFeatures();
const system = new SystemService({
  repo: systemRepository(db),
  clock: systemClock,
  publish: {
    toUsers: () => Promise.resolve(),
    toEach: () => Promise.resolve(),
    toAll: () => Promise.resolve(),
    toTopic: () => Promise.resolve(),
  },
  changes: {
    announce: () => Promise.resolve(),
    on: () => undefined,
    onReached: () => undefined,
  },
  accounts: unprovided.accounts,
  audit: unprovided.audit,
  demoMode: false,
  codeChannels: () => Promise.resolve({ email: false, phone: false }),
  env: {
    smtp: smtpFromEnv(loadConfig({})),
    storage: storageFromEnv(loadConfig({})),
    sms: smsFromEnv(loadConfig({})),
    signin: signinFromEnv(loadConfig({})),
  },
  checkBucket: () => Promise.resolve(false),
});
afterAll(() => db.destroy());

describe("the features the ports are wired to", () => {
  it("reach what a module provided, when first called", () => {
    const { features, provide } = createFeatures();
    // Wired before the module is built, as app.ts wires every port.
    const port = features.system;
    provide("system", system);
    system.forgetConfig();
    const spy = vi.spyOn(system, "forgetConfig");
    port.forgetConfig();
    expect(spy).toHaveBeenCalledOnce();
  });

  it("name a feature no module provides, when it is first called", () => {
    const { features } = createFeatures();
    expect(() => Reflect.get(features.messages, "send")).toThrow(/"messages"/);
  });

  it("refuse a feature provided twice", () => {
    const { provide } = createFeatures();
    provide("system", system);
    expect(() => {
      provide("system", system);
    }).toThrow(/twice/);
  });

  it("check at start that every feature has its module", () => {
    const { provide, assertComplete } = createFeatures();
    provide("system", system);
    expect(() => {
      assertComplete();
    }).toThrow(/no module provides/);
  });
});
