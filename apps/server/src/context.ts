import type { Actor } from "@parley/protocol";
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
 * The services features offer each other. A feature calls another feature's service, never
 * its repository; the registry resolves them when a request runs, so the order modules are
 * listed in app.ts does not matter.
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
  readonly services: Services;
  /**
   * Tests: what a process holds in memory (a contact list) is checked against a fresh read
   * each time it answers, and a difference fails the call.
   */
  readonly checkHeld: boolean;
}

/** One feature: its service, and the calls it answers. */
export interface FeatureModule<K extends keyof Services> {
  readonly name: K;
  create(ctx: AppContext): {
    service: Services[K];
    register(calls: Calls): void;
  };
}

/** Declares a feature module (keeps the service's exact type). */
export function defineModule<K extends keyof Services>(
  name: K,
  create: FeatureModule<K>["create"],
): FeatureModule<K> {
  return { name, create };
}

/**
 * The service registry: filled by app.ts as it creates each module; reading a service that
 * no module provided is a wiring bug and throws at once, naming it.
 */
export function createRegistry(): {
  services: Services;
  provide: <K extends keyof Services>(name: K, service: Services[K]) => void;
  /** Throws, naming it, when a service has no module. */
  assertComplete: () => void;
} {
  const provided = new Map<keyof Services, Services[keyof Services]>();
  const get = <K extends keyof Services>(name: K): Services[K] => {
    const service = provided.get(name);
    if (!service) throw new Error(`no module provides the "${name}" service`);
    // The map is written only by provide<K>, which keys each service by its own name.
    return service as Services[K];
  };
  const services: Services = {
    get system() {
      return get("system");
    },
    get accounts() {
      return get("accounts");
    },
    get settings() {
      return get("settings");
    },
    get socket() {
      return get("socket");
    },
    get people() {
      return get("people");
    },
    get files() {
      return get("files");
    },
    get friends() {
      return get("friends");
    },
    get messages() {
      return get("messages");
    },
    get contacts() {
      return get("contacts");
    },
    get groups() {
      return get("groups");
    },
    get push() {
      return get("push");
    },
    get audit() {
      return get("audit");
    },
    get console() {
      return get("console");
    },
    get tasks() {
      return get("tasks");
    },
    get notices() {
      return get("notices");
    },
    get complaints() {
      return get("complaints");
    },
    get articles() {
      return get("articles");
    },
    get calls() {
      return get("calls");
    },
  };
  return {
    services,
    provide: (name, service) => {
      if (provided.has(name)) throw new Error(`"${name}" is provided twice`);
      provided.set(name, service);
    },
    assertComplete: () => {
      for (const name of Object.keys(services)) Reflect.get(services, name);
    },
  };
}
