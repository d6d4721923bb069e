import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { AnyEnvelope } from "@parley/protocol";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { CustomFetch } from "openid-client";
import { pino } from "pino";
import qs from "qs";
import { type AppServices, buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Db } from "../src/db/database.js";
import { ManualClock } from "../src/lib/clock.js";
import type { Hub } from "../src/realtime/hub.js";
import { LocalStorage } from "../src/storage/local-storage.js";
import type { Storage } from "../src/storage/storage.js";
import { afterAll, beforeAll } from "vitest";
import { createTestDb, type TestDb } from "./test-db.js";

/** How a test posts: form-encoded like existing clients (the default), JSON, or a raw body. */
export interface PostOptions {
  token?: string | undefined;
  json?: boolean;
  headers?: Record<string, string>;
  raw?: string | Buffer | FormData;
}

export interface TestApp {
  url: string;
  app: FastifyInstance;
  services: AppServices;
  db: Db;
  testDb: TestDb;
  clock: ManualClock;
  /** The app's stored files (a fresh folder of its own unless a test gave one). */
  storage: Storage;
  /** POSTs a call and answers the HTTP status and the parsed envelope. */
  post(
    path: string,
    body?: object,
    options?: PostOptions,
  ): Promise<AnyEnvelope & { status: number }>;
  close(): Promise<void>;
}

/** The environment tests run with: cheap argon2, quiet logs, per-address limits lifted. */
export function testEnv(
  overrides: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ARGON2_MEMORY_KIB: "64",
    ARGON2_TIME_COST: "1",
    ADMIN_ACCOUNT: "admin",
    ADMIN_PASSWORD: "admin-pass1",
    WEB_DIST: "/nonexistent",
    // Suites register many users from one address; the limit tests set their own.
    RATE_REGISTER_IP: "0",
    RATE_LOGIN_IP: "0",
    RATE_SENDCODE_IP: "0",
    ...overrides,
  };
}

/**
 * The real app for a test file: started before its tests, closed after them. Call at the
 * top of the file; read it inside tests (`app().post(...)`).
 */
export function useTestApp(env: Record<string, string> = {}): () => TestApp {
  let api: TestApp | undefined;
  beforeAll(async () => {
    api = await startTestApp(env);
  });
  afterAll(async () => {
    await api?.close();
  });
  return () => {
    if (!api) throw new Error("the test app is started before the tests");
    return api;
  };
}

/** Starts the real app on a loopback port against a fresh migrated database. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    testDb?: TestDb;
    clock?: ManualClock;
    realtime?: { bindTimeoutMs?: number; heartbeatMs?: number };
    hub?: Hub;
    /** Shared by apps that stand for processes of one installation (Redis keys). */
    keyPrefix?: string;
    /** Stored files; by default a fresh folder, removed when the app closes. */
    storage?: Storage;
    /** The app's logger, for a test that reads what was logged. */
    logger?: FastifyBaseLogger;
    /** How the app reaches an OpenID provider (a test alters its answers in transit). */
    oidcFetch?: CustomFetch;
  } = {},
): Promise<TestApp> {
  const testDb = options.testDb ?? (await createTestDb());
  const config = loadConfig(testEnv(env));
  const clock = options.clock ?? new ManualClock(Date.now());
  const storageDir = options.storage
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), "parley-storage-"));
  const storage = options.storage ?? new LocalStorage(storageDir ?? "");
  const { app, services } = buildApp({
    config,
    db: testDb.db,
    clock,
    logger: options.logger ?? pino({ level: config.LOG_LEVEL }),
    storage,
    validateResponses: true,
    ...(options.realtime ? { realtime: options.realtime } : {}),
    ...(options.hub ? { hub: options.hub } : {}),
    ...(options.oidcFetch ? { oidcFetch: options.oidcFetch } : {}),
    keyPrefix:
      options.keyPrefix ?? `test-${Math.random().toString(36).slice(2)}`,
  });
  await services.system.seedDefaults();
  await services.accounts.ensureAdministrator(
    config.ADMIN_ACCOUNT,
    config.ADMIN_PASSWORD,
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const post: TestApp["post"] = async (path, body = {}, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = opts.token;
    let payload: string | Buffer | FormData;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (opts.json) {
      headers["Content-Type"] ??= "application/json";
      payload = JSON.stringify(body);
    } else {
      headers["Content-Type"] ??=
        "application/x-www-form-urlencoded;charset=UTF-8";
      payload = qs.stringify(body);
    }
    const response = await fetch(url + path, {
      method: "POST",
      headers,
      body: payload,
    });
    const text = await response.text();
    let parsed: AnyEnvelope;
    try {
      parsed = JSON.parse(text) as AnyEnvelope;
    } catch {
      throw new Error(
        `${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      );
    }
    return { ...parsed, status: response.status };
  };

  return {
    url,
    app,
    services,
    db: testDb.db,
    testDb,
    clock,
    storage,
    post,
    close: async () => {
      await app.close();
      await testDb.db.destroy();
      if (!options.testDb) await testDb.drop();
      if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two apps standing for two processes of one installation: one database (the first one's)
 * and one Redis (TEST_REDIS_URL) under a key prefix of their own, and one clock. `close`
 * stops both.
 */
export async function startTwoProcesses(
  env: Record<string, string> = {},
): Promise<{ one: TestApp; two: TestApp; close: () => Promise<void> }> {
  const shared = { REDIS_URL: process.env.TEST_REDIS_URL ?? "", ...env };
  const keyPrefix = `test-${randomUUID()}`;
  const one = await startTestApp(shared, { keyPrefix });
  const two = await startTestApp(shared, {
    keyPrefix,
    testDb: one.testDb,
    clock: one.clock,
  });
  return {
    one,
    two,
    close: async () => {
      await two.close();
      await one.close();
    },
  };
}
