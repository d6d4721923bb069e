import fs from "node:fs";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import { registerAccountRoutes } from "./features/accounts/accounts.routes.js";
import { AccountsService } from "./features/accounts/accounts.service.js";
import { CodesService } from "./features/accounts/codes.service.js";
import { SessionsService } from "./features/accounts/sessions.service.js";
import { registerContactRoutes } from "./features/contacts/contacts.routes.js";
import { ContactsService } from "./features/contacts/contacts.service.js";
import { registerMessageRoutes } from "./features/messages/messages.routes.js";
import { MessagesService } from "./features/messages/messages.service.js";
import { registerSocketRoutes } from "./features/socket/socket.routes.js";
import { registerSystemRoutes } from "./features/system/system.routes.js";
import { SystemService } from "./features/system/system.service.js";
import type { Clock } from "./lib/clock.js";
import { Passwords } from "./lib/passwords.js";
import { Limiter } from "./lib/rate-limits.js";
import { type CodeSender, Mailer } from "./mail/mailer.js";
import { registerBodyParsers } from "./plugins/body.js";
import { createCalls } from "./plugins/calls.js";
import { registerEnvelope } from "./plugins/envelope.js";
import { Gateway } from "./realtime/gateway.js";
import { type Hub, InProcessHub } from "./realtime/hub.js";
import { RedisHub } from "./realtime/redis-hub.js";

/** What the app is built from; tests pass their own clock, database and mail sink. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Shared counters for rate limits when several processes serve (REDIS_URL). */
  redis?: Redis | undefined;
  /** The event hub; by default Redis when REDIS_URL is set, else in-process. */
  hub?: Hub;
  /** Overrides SMTP delivery (tests use a real SMTP server instead, through config). */
  codeSender?: CodeSender;
  /** Check every answer against its descriptor. */
  validateResponses?: boolean;
  /** Shorter socket timers for tests. */
  realtime?: { bindTimeoutMs?: number; heartbeatMs?: number };
  /** A prefix for shared keys in Redis, so test runs do not meet. */
  keyPrefix?: string;
}

/** The services the app runs, for main.ts (seeding) and tests. */
export interface AppServices {
  system: SystemService;
  sessions: SessionsService;
  accounts: AccountsService;
  codes: CodesService;
  mailer: Mailer;
  gateway: Gateway;
  messages: MessagesService;
  hub: Hub;
}

const API_PREFIX = /^\/+(common|enterprise|manage|index)\//i;

/** Builds the HTTP app and registers everything, in order. */
export function buildApp(deps: AppDeps): {
  app: FastifyInstance;
  services: AppServices;
} {
  const { config, db, clock, logger } = deps;
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: {
      caseSensitive: false,
      ignoreDuplicateSlashes: true,
      ignoreTrailingSlash: true,
    },
    // Existing clients may add `.html` to an API path (wire-contract.md §1.1).
    rewriteUrl: (request) => {
      const url = request.url ?? "/";
      if (!API_PREFIX.test(url)) return url;
      return url.replace(/\.html(?=$|\?)/i, "");
    },
  });

  const prefix = deps.keyPrefix ?? config.REDIS_PREFIX;
  const redis =
    deps.redis ??
    (config.REDIS_URL
      ? new Redis(config.REDIS_URL, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
        })
      : undefined);
  redis?.on("error", () => {
    // Reported by the hub; the limits fall back to memory meanwhile.
  });
  const limiter = (name: string, points: number, windowSeconds: number) =>
    new Limiter(name, { points, windowSeconds }, redis, prefix);

  const system = new SystemService(db, clock, config.DEMO_MODE);
  const sessions = new SessionsService(db, clock);
  const passwords = new Passwords({
    memoryKib: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
  });
  const mailer = new Mailer(
    logger,
    config.SMTP_HOST
      ? {
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_SECURE,
          user: config.SMTP_USER,
          pass: config.SMTP_PASS,
          from: config.SMTP_FROM,
        }
      : undefined,
    async () => (await system.config()).sysInfo.name,
  );
  const codes = new CodesService(
    db,
    clock,
    deps.codeSender ?? mailer,
    limiter(
      "sendcode-ip",
      config.RATE_SENDCODE_IP,
      config.RATE_SENDCODE_WINDOW_S,
    ),
  );
  const accounts = new AccountsService(
    db,
    clock,
    passwords,
    sessions,
    codes,
    system,
    {
      loginPerAccount: limiter(
        "login-account",
        config.RATE_LOGIN_ACCOUNT,
        config.RATE_LOGIN_WINDOW_S,
      ),
      loginPerAddress: limiter(
        "login-ip",
        config.RATE_LOGIN_IP,
        config.RATE_LOGIN_WINDOW_S,
      ),
      registerPerAddress: limiter(
        "register-ip",
        config.RATE_REGISTER_IP,
        config.RATE_REGISTER_WINDOW_S,
      ),
    },
    logger,
  );

  const hub =
    deps.hub ??
    (config.REDIS_URL
      ? new RedisHub(config.REDIS_URL, prefix, logger)
      : new InProcessHub());
  const gateway = new Gateway({
    hub,
    resolveToken: (token) => sessions.resolve(token),
    logger,
    allowedOrigins: config.ALLOWED_ORIGINS,
    bindTimeoutMs: deps.realtime?.bindTimeoutMs,
    heartbeatMs: deps.realtime?.heartbeatMs,
    publicOrigin: config.PUBLIC_URL
      ? new URL(config.PUBLIC_URL).origin
      : undefined,
  });
  // A session that ends loses its sockets at once, on every process.
  sessions.onRevoked(({ userId, sessionIds, reason }) => {
    void gateway.endSessions(userId, sessionIds, reason);
  });
  gateway.attach(app.server);
  const contacts = new ContactsService(db, clock, system, gateway);
  const messages = new MessagesService(db, clock, system, gateway);

  void app.register(cookie);
  registerBodyParsers(app, config.BODY_LIMIT_BYTES);
  registerEnvelope(app, sessions);
  const calls = createCalls(app, {
    sessions,
    validateResponses: deps.validateResponses ?? false,
    demoMode: config.DEMO_MODE,
    publicUrl: config.PUBLIC_URL?.replace(/\/+$/, ""),
    bodyLimit: config.BODY_LIMIT_BYTES,
  });
  registerSystemRoutes(calls, system);
  registerAccountRoutes(calls, accounts, codes);
  registerSocketRoutes(calls, gateway);
  registerContactRoutes(calls, contacts);
  registerMessageRoutes(calls, messages);

  if (fs.existsSync(config.WEB_DIST)) {
    void app.register(fastifyStatic, {
      root: config.WEB_DIST,
      prefix: "/",
      wildcard: false,
      index: "index.html",
    });
  }

  app.addHook("preClose", async () => {
    await gateway.close();
  });
  app.addHook("onClose", async () => {
    mailer.close();
    if (!deps.hub) await hub.close();
    if (!deps.redis) redis?.disconnect();
  });
  return {
    app,
    services: {
      system,
      sessions,
      accounts,
      codes,
      mailer,
      gateway,
      messages,
      hub,
    },
  };
}
