import { afterAll, describe, expect, it } from "vitest";
import { createRegistry } from "./context.js";
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
const { services: unused } = createRegistry();
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
  services: unused,
  demoMode: false,
  codeChannels: () => Promise.resolve({ email: false, phone: false }),
  env: {
    smtp: smtpFromEnv(loadConfig({})),
    storage: storageFromEnv(loadConfig({})),
    sms: smsFromEnv(loadConfig({})),
  },
  checkBucket: () => Promise.resolve(false),
});
afterAll(() => db.destroy());

describe("the service registry", () => {
  it("hands back what a module provided", () => {
    const { services, provide } = createRegistry();
    provide("system", system);
    expect(services.system).toBe(system);
  });

  it("names a service no module provides, when it is first used", () => {
    const { services } = createRegistry();
    expect(() => services.messages).toThrow(/"messages"/);
  });

  it("refuses a service provided twice", () => {
    const { provide } = createRegistry();
    provide("system", system);
    expect(() => provide("system", system)).toThrow(/twice/);
  });

  it("checks at start that every service has its module", () => {
    const { provide, assertComplete } = createRegistry();
    provide("system", system);
    expect(() => assertComplete()).toThrow(/no module provides/);
  });
});
