import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import type * as IORedis from "ioredis";
import type { Redis } from "ioredis";
import type { CallDescriptor } from "@parley/protocol";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Config } from "./config.js";
import {
  type AppContext,
  createFeatures,
  type Services,
  wire,
  type WiredModule,
} from "./context.js";
import type { Db } from "./db/database.js";
import { accountsModule } from "./features/accounts/accounts.module.js";
import type { CodesService } from "./features/accounts/codes.service.js";
import type { SessionsService } from "./features/accounts/sessions.service.js";
import { contactsModule } from "./features/contacts/contacts.module.js";
import { groupsModule } from "./features/groups/groups.module.js";
import { friendsModule } from "./features/friends/friends.module.js";
import { groupChatRecords } from "./features/messages/group-chats.repository.js";
import { eraseFriendships } from "./features/friends/friend-records.repository.js";
import {
  eraseMemberships,
  ownsLiveGroup,
} from "./features/groups/member-records.repository.js";
import { eraseSubscriptions } from "./features/push/subscription-records.repository.js";
import { messagesModule } from "./features/messages/messages.module.js";
import { integrationsModule } from "./features/integrations/integrations.module.js";
import { filesModule } from "./features/files/files.module.js";
import { previewsModule } from "./features/previews/previews.module.js";
import { peopleModule } from "./features/people/people.module.js";
import { pushModule } from "./features/push/push.module.js";
import { auditModule } from "./features/audit/audit.module.js";
import { consoleModule } from "./features/console/console.module.js";
import { articlesModule } from "./features/articles/articles.module.js";
import { callsModule } from "./features/calls/calls.module.js";
import { MemoryKeys, RedisKeys } from "./lib/shared-keys.js";
import { complaintsModule } from "./features/complaints/complaints.module.js";
import { noticesModule } from "./features/notices/notices.module.js";
import { tasksModule } from "./features/tasks/tasks.module.js";
import { settingsModule } from "./features/settings/settings.module.js";
import { socketModule } from "./features/socket/socket.module.js";
import { searchModule } from "./features/search/search.module.js";
import { signinModule } from "./features/signin/signin.module.js";
import type { CustomFetch } from "openid-client";
import { systemModule } from "./features/system/system.module.js";
import type { Clock } from "./lib/clock.js";
import { type Jobs, JobQueue } from "./lib/jobs.js";
import { Passwords } from "./lib/passwords.js";
import { Limiter } from "./lib/rate-limits.js";
import { type CodeSender, Mailer } from "./mail/mailer.js";
import { SmsGateway } from "./mail/sms.js";
import { limitBodyPauses, registerBodyParsers } from "./plugins/body.js";
import { createCalls } from "./plugins/calls.js";
import { frameworkRefusal, registerEnvelope } from "./plugins/envelope.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerExtIcons } from "./plugins/ext-icons.js";
import { registerStorage } from "./plugins/storage.js";
import type { SessionResolver } from "./plugins/session.js";
import { inlineScriptHashes, registerWeb } from "./plugins/web.js";
import { registerApiDocs } from "./plugins/api-docs.js";
import { Gateway } from "./realtime/gateway.js";
import { type Hub, InProcessHub } from "./realtime/hub.js";
import { createRealtimePorts } from "./realtime/publisher.js";
import { REDIS_COMMAND_TIMEOUT_MS, RedisHub } from "./realtime/redis-hub.js";
import { LocalStorage } from "./storage/local-storage.js";
import { SwitchingStorage } from "./storage/switching-storage.js";
import type { Storage } from "./storage/storage.js";
import { lazyRequire } from "./lib/lazy-require.js";

const ioredis = lazyRequire<typeof IORedis>("ioredis");

/**
 * Every feature of the server, each built from the one context and wired to the ports it
 * declares: what it asks of other features, given here by name (HOUSE-STYLE §2a, issue 42).
 * A new feature is one more line here. The list is the layer order, lower first: a feature
 * asks only features before it, and listens to their events (its module subscribes when it
 * is built, so the emitting feature must be built already); a feature above supplies a read
 * interface a lower one declares. docs/ARCHITECTURE.md draws these edges.
 */
const MODULES: readonly WiredModule[] = [
  wire(auditModule, () => ({})),
  wire(systemModule, (f) => ({
    accounts: f.accounts, // read interface: names for the audit log
    audit: f.audit,
  })),
  wire(accountsModule, (f) => ({
    system: f.system,
    signin: f.signin, // the second factor, the directory, only SSO
    groups: f.groups, // read interface: groups an account owns
    audit: f.audit,
    erasure: {
      ownsLiveGroup,
      eraseMemberships,
      eraseFriendships,
      eraseSubscriptions,
    },
  })),
  wire(signinModule, (f) => ({ system: f.system, accounts: f.accounts })),
  wire(settingsModule, (f) => ({ accounts: f.accounts })),
  wire(pushModule, (f) => ({ system: f.system })),
  wire(articlesModule, (f) => ({ audit: f.audit, accounts: f.accounts })),
  wire(noticesModule, (f) => ({
    audit: f.audit,
    articles: f.articles,
    accounts: f.accounts,
  })),
  wire(messagesModule, (f) => ({
    accounts: f.accounts,
    audit: f.audit,
    push: f.push,
    notices: f.notices,
    commands: f.integrations, // read interface: slash commands
    // Read interfaces, supplied by the features above that write into chats.
    friends: f.friends,
    groups: f.groups,
    files: f.files,
    contacts: f.contacts,
  })),
  wire(friendsModule, (f) => ({
    accounts: f.accounts,
    system: f.system,
    messages: f.messages,
    contacts: f.contacts, // read interface: one chat-list entry
    people: f.people, // read interface: people by id
  })),
  wire(groupsModule, (f) => ({
    accounts: f.accounts,
    system: f.system,
    friends: f.friends,
    messages: f.messages,
    chats: groupChatRecords,
  })),
  wire(filesModule, (f) => ({
    system: f.system,
    groups: f.groups,
    messages: f.messages,
  })),
  wire(previewsModule, (f) => ({ messages: f.messages })),
  wire(contactsModule, (f) => ({
    accounts: f.accounts,
    system: f.system,
    articles: f.articles,
    notices: f.notices,
    messages: f.messages,
    friends: f.friends,
    groups: f.groups,
  })),
  wire(peopleModule, (f) => ({
    accounts: f.accounts,
    signin: f.signin,
    friends: f.friends,
    groups: f.groups,
    contacts: f.contacts,
  })),
  wire(callsModule, (f) => ({ accounts: f.accounts, messages: f.messages })),
  wire(complaintsModule, (f) => ({
    accounts: f.accounts,
    audit: f.audit,
    messages: f.messages,
    groups: f.groups,
  })),
  wire(consoleModule, (f) => ({
    accounts: f.accounts,
    groups: f.groups,
    messages: f.messages,
    system: f.system,
    audit: f.audit,
  })),
  wire(tasksModule, (f) => ({
    accounts: f.accounts,
    audit: f.audit,
    system: f.system,
    files: f.files,
    contacts: f.contacts,
    messages: f.messages,
  })),
  wire(socketModule, (f) => ({ groups: f.groups })),
  wire(searchModule, (f) => ({
    messages: f.messages,
    people: f.people,
    groups: f.groups,
  })),
  wire(integrationsModule, (f) => ({
    system: f.system,
    audit: f.audit,
    accounts: f.accounts,
    groups: f.groups,
    messages: f.messages,
  })),
];

/** The SMTP port when a saved one cannot be read (implicit TLS). */
const DEFAULT_SMTP_PORT = 465;

/** Uploads older than this in the spool were left by a process that stopped abruptly. */
const STALE_SPOOL_MS = 24 * 3600 * 1000;

/**
 * This process's folder for uploads in progress, under `root`: its own, since processes of
 * one installation may share a data folder; the folders that processes which stopped
 * abruptly left behind a day ago are removed.
 */
export function openSpool(root: string): string {
  fs.mkdirSync(root, { recursive: true });
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    // Listed, then gone: another process of the installation stopped meanwhile and took
    // its own folder away (CI saw a start fail on it).
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > STALE_SPOOL_MS)
      fs.rmSync(full, { recursive: true, force: true });
  }
  const dir = path.join(
    root,
    `${String(process.pid)}-${randomBytes(4).toString("hex")}`,
  );
  fs.mkdirSync(dir);
  return dir;
}

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
  /**
   * The local store of files; by default the disk under `DATA_DIR/storage`. An S3 bucket
   * chosen in the console (or by S3_*) is used instead for new files.
   */
  storage?: Storage;
  /**
   * Check every answer against its descriptor, and what is held in memory against a
   * fresh read (tests).
   */
  validateResponses?: boolean;
  /** Shorter socket timers for tests. */
  realtime?: { bindTimeoutMs?: number; heartbeatMs?: number };
  /** A prefix for shared keys in Redis, so test runs do not meet. */
  keyPrefix?: string;
  /** Tests: how the server reaches an OpenID provider (to alter its answers in transit). */
  oidcFetch?: CustomFetch;
}

/** The services the app runs, for main.ts (seeding) and tests. */
export interface AppServices extends Services {
  sessions: SessionsService;
  codes: CodesService;
  mailer: Mailer;
  gateway: Gateway;
  hub: Hub;
  /** The background queue; tests await `whenIdle()` for the work a call scheduled. */
  jobs: Jobs;
  /** Every call this app registered (the API description lists each: api-docs.test). */
  registeredCalls: readonly CallDescriptor[];
}

const API_PREFIX = /^\/+(common|enterprise|manage|index)\//i;

/**
 * Where a link people open in a browser goes when its URL cannot even be decoded (a broken
 * `%` escape): the registered link's own page for a broken link, never a JSON error.
 */
type BadUrlTarget = (url: string) => string | null;

/**
 * Fastify's line for each request and each answer, at debug rather than info: at the
 * default level (info) they were two log writes per call, a cost on every request
 * (issue 14) for what a reverse proxy's access log records anyway. LOG_LEVEL=debug brings
 * them back; failed requests are still logged as errors at any level.
 */
class RequestLinesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.debug(
      { res: reply, responseTime: reply.elapsedTime },
      "request completed",
    );
  }
}

function createHttp(
  config: Config,
  logger: Logger,
  badUrl: BadUrlTarget,
): FastifyInstance {
  return Fastify({
    frameworkErrors: (error, request, reply) => {
      const target =
        error.code === "FST_ERR_BAD_URL" ? badUrl(request.url) : null;
      if (target !== null) {
        void reply.header("Cache-Control", "no-store").redirect(target, 302);
        return;
      }
      // Like every malformed request: a clear envelope.
      frameworkRefusal(error, request, reply);
    },
    loggerInstance: logger,
    logController: new RequestLinesAtDebug(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: {
      caseSensitive: false,
      ignoreDuplicateSlashes: true,
      ignoreTrailingSlash: true,
      // A command's `response_url` carries a signed token longer than the default 100.
      maxParamLength: 512,
    },
    // Existing clients may add `.html` to an API path (wire-contract.md §1.1).
    rewriteUrl: (request) => {
      const url = request.url ?? "/";
      if (!API_PREFIX.test(url)) return url;
      return url.replace(/\.html(?=$|\?)/i, "");
    },
  });
}

function createMailer(
  logger: Logger,
  features: Services,
  timeoutMs: number,
): Mailer {
  return new Mailer(
    logger,
    async () => {
      const { row } = await features.system.smtp();
      return row.host
        ? { ...row, port: Number(row.port) || DEFAULT_SMTP_PORT }
        : null;
    },
    async () => (await features.system.config()).sysInfo.name,
    new SmsGateway(async () => {
      const { row } = await features.system.sms();
      return row.url ? row : null;
    }, timeoutMs),
  );
}

/** Builds the HTTP app: the context once, then every module, then the socket gateway. */
export function buildApp(deps: AppDeps): {
  app: FastifyInstance;
  services: AppServices;
} {
  const { config, db, clock, logger } = deps;
  let linkForBadUrl: BadUrlTarget = () => null;
  const app = createHttp(config, logger, (url) => linkForBadUrl(url));

  const prefix = deps.keyPrefix ?? config.REDIS_PREFIX;
  const redis =
    deps.redis ??
    (config.REDIS_URL
      ? new (ioredis().Redis)(config.REDIS_URL, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        })
      : undefined);
  redis?.on("error", () => {
    // Reported by the hub; the limits fall back to memory meanwhile.
  });
  const hub =
    deps.hub ??
    (config.REDIS_URL
      ? new RedisHub(config.REDIS_URL, prefix, logger)
      : new InProcessHub());

  // The features as the infrastructure and the ports reach them (each one resolved when it
  // is first called, once every module is built).
  const {
    features,
    provide,
    services: built,
    assertComplete,
  } = createFeatures();
  const mailer = createMailer(logger, features, config.SMS_TIMEOUT_MS);
  const ports = createRealtimePorts(hub, clock);
  const storage = new SwitchingStorage(
    deps.storage ?? new LocalStorage(path.join(config.DATA_DIR, "storage")),
    async () => (await features.system.storage()).row,
  );
  const spoolDir = openSpool(path.join(config.DATA_DIR, "uploads"));
  const jobs = new JobQueue({
    // One render at a time: it is CPU work, and the calls must not wait behind it.
    concurrency: 1,
    maxWaiting: 10_000,
    onError: (key, error) =>
      logger.error({ err: error, job: key }, "job failed"),
  });
  const ctx: AppContext = {
    db,
    clock,
    config,
    logger,
    ...ports,
    policy: {
      config: () => features.system.config(),
      actor: (user) => ({ ...user, demoMode: config.DEMO_MODE }),
    },
    passwords: new Passwords({
      memoryKib: config.ARGON2_MEMORY_KIB,
      timeCost: config.ARGON2_TIME_COST,
    }),
    mail: deps.codeSender ?? mailer,
    storage,
    jobs,
    keys: redis ? new RedisKeys(redis, prefix) : new MemoryKeys(clock),
    limiter: (name, points, windowSeconds) =>
      new Limiter(name, { points, windowSeconds }, redis, prefix),
    checkHeld: deps.validateResponses ?? false,
    oidcFetch: deps.oidcFetch,
  };
  const sessions: SessionResolver = {
    resolve: (token) => features.accounts.sessions.resolve(token),
  };

  void app.register(cookie);
  registerSecurityHeaders(app, inlineScriptHashes(config.WEB_DIST));
  registerBodyParsers(app, config.BODY_LIMIT_BYTES);
  limitBodyPauses(app, config.BODY_IDLE_TIMEOUT_S * 1000);
  registerEnvelope(app, sessions);
  const calls = createCalls(app, {
    sessions,
    policy: ctx.policy,
    validateResponses: deps.validateResponses ?? false,
    publicUrl: config.PUBLIC_URL?.replace(/\/+$/, ""),
    bodyLimit: config.BODY_LIMIT_BYTES,
    spoolDir,
  });
  linkForBadUrl = (url) => calls.brokenLink(url);
  for (const module of MODULES) {
    const made = module.create(ctx, features);
    provide(module.name, made.service);
    made.register(calls);
  }
  assertComplete();

  const gateway = new Gateway({
    hub,
    publish: ports.publish,
    presenceAudience: (userId) => features.contacts.presenceAudience(userId),
    onSocketsChanged: () => {
      features.console.socketsChanged();
    },
    onUserGone: (userId) => {
      void features.calls.userGone(userId);
    },
    routes: {
      typing: (sender, frame) => features.messages.typing(sender.userId, frame),
    },
    clock,
    resolveToken: (token) => sessions.resolve(token),
    logger,
    allowedOrigins: config.ALLOWED_ORIGINS,
    bindTimeoutMs: deps.realtime?.bindTimeoutMs,
    heartbeatMs: deps.realtime?.heartbeatMs,
    publicOrigin: config.PUBLIC_URL
      ? new URL(config.PUBLIC_URL).origin
      : undefined,
  });
  gateway.attach(app.server);

  registerStorage(app, storage);
  registerExtIcons(app);
  registerApiDocs(app);
  registerWeb(app, config.WEB_DIST);

  app.addHook("preClose", async () => {
    features.tasks.stopSchedule();
    await features.integrations.close();
    // Running jobs finish while the database and the hub are still there.
    await jobs.close();
    await gateway.close();
  });
  app.addHook("onClose", async () => {
    fs.rmSync(spoolDir, { recursive: true, force: true });
    mailer.close();
    storage.close();
    if (!deps.hub) await hub.close();
    if (!deps.redis) redis?.disconnect();
  });
  const every = built();
  const { accounts } = every;
  return {
    app,
    services: {
      ...every,
      sessions: accounts.sessions,
      codes: accounts.codes,
      mailer,
      gateway,
      hub,
      jobs,
      registeredCalls: calls.registered(),
    },
  };
}
