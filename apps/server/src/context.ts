import type { Actor } from "@parley/protocol";
import type { PreviewsService } from "./features/previews/previews.service.js";
import type { SearchService } from "./features/search/search.service.js";
import type { IntegrationsService } from "./features/integrations/integrations.module.js";
import type { SigninService } from "./features/signin/signin.service.js";
import type { CustomFetch } from "openid-client";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import type { AccountsService } from "./features/accounts/accounts.service.js";
import type { ContactsService } from "./features/contacts/contacts.service.js";
import type { FriendsService } from "./features/friends/friends.service.js";
import type { GroupsService } from "./features/groups/groups.service.js";
import type { MessagesService } from "./features/messages/messages.service.js";
import type { PeopleService } from "./features/people/people.service.js";
import type { SettingsService } from "./features/settings/settings.service.js";
import type { SocketService } from "./features/socket/socket.service.js";
import type { SystemService } from "./features/system/system.service.js";
import type { Clock } from "./lib/clock.js";
import type { Jobs } from "./lib/jobs.js";
import type { Passwords } from "./lib/passwords.js";
import type { Limiter } from "./lib/rate-limits.js";
import type { CodeSender } from "./mail/mailer.js";
import type { Calls } from "./plugins/calls.js";
import type { Changes, Presence, Publish, Sockets } from "./realtime/ports.js";
import type { Storage } from "./storage/storage.js";
import type { FilesService } from "./features/files/files.service.js";
import type { PushService } from "./features/push/push.service.js";
import type { AuditService } from "./features/audit/audit.service.js";
import type { ConsoleService } from "./features/console/console.service.js";
import type { ArticlesService } from "./features/articles/articles.service.js";
import type { CallsService } from "./features/calls/calls.service.js";
import type { SharedKeys } from "./lib/shared-keys.js";
import type { ComplaintsService } from "./features/complaints/complaints.service.js";
import type { NoticesService } from "./features/notices/notices.service.js";
import type { TasksService } from "./features/tasks/tasks.service.js";

export type { Changes, Presence, Publish, Sockets } from "./realtime/ports.js";
import type { SystemConfig } from "./features/system/system.service.js";

/** The live switches and the actor a user stands for, as the capability table reads them. */
export interface Policy {
  /** The system config, as stored now. */
  config(): Promise<SystemConfig>;
  /** The actor of `can()` for a user (demo mode comes from the environment). */
  actor(user: { userId: number; role: number }): Actor;
}

/**
 * Every feature's service, by the feature's name: what the composition (app.ts) wires each
 * feature's ports from. A service never sees this whole: it declares, in its constructor's
 * type, the narrow calls it needs of other features (its ports), and app.ts hands it those.
 */
export interface Services {
  system: SystemService;
  accounts: AccountsService;
  settings: SettingsService;
  socket: SocketService;
  friends: FriendsService;
  messages: MessagesService;
  contacts: ContactsService;
  groups: GroupsService;
  people: PeopleService;
  files: FilesService;
  push: PushService;
  audit: AuditService;
  console: ConsoleService;
  tasks: TasksService;
  notices: NoticesService;
  complaints: ComplaintsService;
  articles: ArticlesService;
  calls: CallsService;
  previews: PreviewsService;
  search: SearchService;
  integrations: IntegrationsService;
  signin: SigninService;
}

/** Everything a feature module is built from; app.ts builds it once. */
export interface AppContext {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: Config;
  readonly logger: Logger;
  readonly publish: Publish;
  readonly presence: Presence;
  readonly sockets: Sockets;
  /** News between processes that data kept in memory changed (the config). */
  readonly changes: Changes;
  readonly policy: Policy;
  readonly passwords: Passwords;
  readonly mail: CodeSender;
  /** Stored files (local disk by default), served at `/storage/<key>`. */
  readonly storage: Storage;
  /** Work off the request path, coalesced by key (group avatars). */
  readonly jobs: Jobs;
  /** Short-lived keys every process sees (Redis when configured): who is in a call. */
  readonly keys: SharedKeys;
  /** A counter of attempts per key in a window, shared through Redis when configured. */
  limiter(name: string, points: number, windowSeconds: number): Limiter;
  /**
   * Tests: what a process holds in memory (a contact list) is checked against a fresh read
   * each time it answers, and a difference fails the call.
   */
  readonly checkHeld: boolean;
  /** Tests: how the server reaches an OpenID provider (to alter its answers in transit). */
  readonly oidcFetch?: CustomFetch | undefined;
}

/** One feature: its service, and the calls it answers, built from the context and its ports. */
export interface FeatureModule<K extends keyof Services, P = object> {
  readonly name: K;
  create(
    ctx: AppContext,
    ports: P,
  ): {
    service: Services[K];
    register(calls: Calls): void;
  };
}

/** Declares a feature module (keeps the service's and the ports' exact types). */
export function defineModule<K extends keyof Services, P = object>(
  name: K,
  create: FeatureModule<K, P>["create"],
): FeatureModule<K, P> {
  return { name, create };
}

/** A module with its ports chosen among the features: one line of app.ts's list. */
export interface WiredModule<K extends keyof Services = keyof Services> {
  readonly name: K;
  create(
    ctx: AppContext,
    features: Services,
  ): ReturnType<FeatureModule<K>["create"]>;
}

/**
 * Wires a module: `ports` picks, among all features, what the module declared it needs
 * (the type checker holds each to the port's narrow type).
 */
export function wire<K extends keyof Services, P>(
  module: FeatureModule<K, P>,
  ports: (features: Services) => P,
): WiredModule<K> {
  return {
    name: module.name,
    create: (ctx, features) => module.create(ctx, ports(features)),
  };
}

/**
 * The features as ports see them: each one stands for its service, which is reached when a
 * port is first called, so two features may be wired to each other whatever their order
 * in app.ts. Calling a feature that no module provided is a wiring bug and throws at once,
 * naming it; `assertComplete` finds it at start-up.
 */
export function createFeatures(): {
  features: Services;
  provide: <K extends keyof Services>(name: K, service: Services[K]) => void;
  /** Every service, once all modules are built (tests and seeding call them directly). */
  services: () => Services;
  /** Throws, naming it, when a feature has no module. */
  assertComplete: () => void;
} {
  const provided = new Map<keyof Services, object>();
  const serviceOf = (name: keyof Services): object => {
    const service = provided.get(name);
    if (!service) throw new Error(`no module provides the "${name}" service`);
    return service;
  };
  // Every feature by name: the type checker refuses a feature of Services left out here.
  const EVERY: Record<keyof Services, true> = {
    system: true,
    previews: true,
    accounts: true,
    settings: true,
    socket: true,
    friends: true,
    messages: true,
    contacts: true,
    groups: true,
    people: true,
    files: true,
    push: true,
    audit: true,
    console: true,
    tasks: true,
    notices: true,
    complaints: true,
    articles: true,
    calls: true,
    search: true,
    integrations: true,
    signin: true,
  };
  // Object.keys answers string[]; the keys are exactly those of EVERY.
  const NAMES = Object.keys(EVERY) as (keyof Services)[];
  // A member is read from the service at each call, never kept: what a test puts in its
  // place (a spy) is what the port calls.
  const stand = (name: keyof Services): object =>
    new Proxy(
      {},
      {
        get(_, key) {
          const service = serviceOf(name);
          const value: unknown = Reflect.get(service, key, service);
          return typeof value === "function"
            ? (value as (...args: unknown[]) => unknown).bind(service)
            : value;
        },
      },
    );
  // Each stand-in answers exactly as its service does (every member read is forwarded).
  const features = Object.fromEntries(
    NAMES.map((name) => [name, stand(name)]),
  ) as unknown as Services;
  return {
    features,
    provide: (name, service) => {
      if (provided.has(name)) throw new Error(`"${name}" is provided twice`);
      provided.set(name, service);
    },
    services: () =>
      // Each entry was provided under its own name (provide<K>).
      Object.fromEntries(
        NAMES.map((name) => [name, serviceOf(name)]),
      ) as unknown as Services,
    assertComplete: () => {
      for (const name of NAMES) serviceOf(name);
    },
  };
}
