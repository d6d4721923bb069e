import { createHmac, randomBytes } from "node:crypto";
import {
  ChatInfoSchema,
  CONFIG_ROW_NAMES,
  CONFIG_SECTIONS,
  type ConfigRow,
  type ConfigRowName,
  type ConfigSection,
  FileUploadInfoSchema,
  type GlobalConfig,
  type Language,
  PRODUCT_VERSION,
  type RegAuth,
  regauthOf,
  SysInfoSchema,
  type SysInfo,
} from "@parley/protocol";
import type { z } from "zod/mini";
import type { Changes, Publish } from "../../context.js";
import { Emitter } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import { JsonText } from "../../lib/json.js";
import { DEFAULT_CONFIG } from "./system.defaults.js";
import { configRowOf } from "./system.mapper.js";
import type { SystemRepository } from "./system.repository.js";
import type { AuditActor } from "../audit/audit.service.js";
import {
  patched,
  readSms,
  readSmtp,
  readStorage,
  SECRET_SETTINGS,
  type SmsRow,
  type SmtpRow,
  type Sourced,
  type StorageRow,
} from "./delivery-settings.js";
import type { AuditLog } from "../audit/audit.ports.js";
import type { SystemEventMap } from "./system.ports.js";
import {
  oidcOn,
  readSignin,
  type SigninRow,
  ssoProviders,
} from "./signin-settings.js";

/** Config fields the audit log names as changed without their values. */
const SECRET_FIELDS = new Set(["stunPass"]);

/**
 * The old admin page's settings this product does not have (its cloud storage, registration
 * interval, automatic contact and group): accepted with their section and not kept.
 */
/** Settings the old admin pages send that Parley accepts and does not keep. */
export const FORMER_SETTINGS: ReadonlySet<string> = new Set([
  "qiniu",
  "aliyun",
  "qcloud",
  "registerInterval",
  "autoAddUser",
  "autoAddGroup",
]);

/** The config row holding the installation's signing secret (never sent to anyone). */
const SECRET_ROW = "secret";

/** The settings the server itself acts on, read from the config rows. */
export interface SystemConfig {
  /** As stored: what sign-in adds (`sso`, `ssoOnly`) is only in the global config. */
  sysInfo: SysInfo;
  chatInfo: GlobalConfig["chatInfo"];
  fileUpload: GlobalConfig["fileUpload"];
}

/** What registration and login read of the config, as numbers and flags rather than strings. */
export interface SystemRules {
  open: boolean;
  closeTips: string;
  runMode: 1 | 2;
  regtype: number;
  regauth: RegAuth;
  multipleLogin: boolean;
}

/**
 * Reads a stored row merged over its defaults, so a key added in a later version is
 * present even in an older database, and a damaged row falls back to the defaults.
 */
function merged<S extends z.ZodMiniType<object>>(
  schema: S,
  defaults: z.output<S>,
  raw: string | undefined,
): z.output<S> {
  if (raw === undefined) return defaults;
  try {
    const stored: unknown = JSON.parse(raw);
    const candidate =
      typeof stored === "object" && stored !== null
        ? { ...(defaults as object), ...stored }
        : defaults;
    const parsed = schema.safeParse(candidate);
    return parsed.success ? parsed.data : defaults;
  } catch {
    return defaults;
  }
}

/** Freezes a parsed row and what it holds (arrays and objects of settings). */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * How long a process answers from the config it holds without reading it again. Every
 * save tells every process at once (`changes`); this only bounds how long news lost on
 * the way (Redis down) can leave a process behind.
 */
export const CONFIG_READ_AGAIN_MS = 2_000;

export interface SystemDeps {
  repo: SystemRepository;
  clock: Clock;
  publish: Publish;
  /** Saves tell every process; news of another's save makes this one read again. */
  changes: Changes;
  /**
   * Administrators' names, for the audit log (a read interface: accounts, above system,
   * supplies it in app.ts).
   */
  accounts: {
    activeUser(userId: number): Promise<{ realname: string } | undefined>;
  };
  /** The audit log (a port: app.ts wires it). */
  audit: AuditLog;
  /** Demo mode comes from the environment (decisions.md), not the database. */
  demoMode: boolean;
  /** Which accounts a verification code can reach (SMTP for email, an SMS gateway for phones). */
  codeChannels: () => Promise<{ email: boolean; phone: boolean }>;
  /** The mail, SMS and storage settings in force until the console saves its own. */
  env: { smtp: SmtpRow; storage: StorageRow; sms: SmsRow; signin: SigninRow };
  /** Whether a bucket answers with these settings (the storage is checked before it is saved). */
  checkBucket: (row: StorageRow) => Promise<boolean>;
}

/** What this service asks of other features (app.ts wires each one). */
export type SystemPorts = Pick<SystemDeps, "accounts" | "audit">;

/** The global config: seeded defaults, stored rows merged over them, and what they decide. */
export class SystemService {
  /** What the system tells the features above it (system.ports.ts). */
  readonly events = new Emitter<SystemEventMap>();
  /** Signing keys already read, by purpose: they never change once made. */
  private readonly keys = new Map<string, string>();
  /**
   * What each stored row last read as, by its text: the rows are read on many requests and
   * seldom change, so a row read again unchanged is not parsed and checked again (issue 14).
   * The values are frozen, as they are shared by every caller.
   */
  private readonly parsed = new Map<
    string,
    { raw: string | undefined; value: unknown }
  >();

  private parsedRow<T>(
    name: string,
    raw: string | undefined,
    parse: (raw: string | undefined) => T,
  ): T {
    const known = this.parsed.get(name);
    if (known !== undefined && known.raw === raw) return known.value as T;
    const value = deepFreeze(parse(raw));
    this.parsed.set(name, { raw, value });
    return value;
  }

  /** The config rows as last read, and when: read on every request, saved seldom. */
  private held: { rows: Promise<Map<string, string>>; at: number } | null =
    null;

  /** The global config's JSON text per language, with what it was made of. */
  private readonly configTexts = new Map<
    Language,
    SystemConfig & {
      signin: SigninRow;
      email: boolean;
      phone: boolean;
      text: JsonText<GlobalConfig>;
    }
  >();

  constructor(private readonly deps: SystemDeps) {
    deps.changes.on("config", () => {
      this.forgetConfig();
    });
  }

  /** The config rows, as held when read lately, else read now. */
  private configRows(): Promise<Map<string, string>> {
    const now = this.deps.clock.now();
    const held = this.held;
    if (held && now - held.at < CONFIG_READ_AGAIN_MS && now >= held.at)
      return held.rows;
    const rows = this.deps.repo.readConfigRows();
    const reading = { rows, at: now };
    this.held = reading;
    rows.catch(() => {
      // A failed read is not kept: the next request reads again.
      if (this.held === reading) this.held = null;
    });
    return rows;
  }

  /** Drops the config held in memory: the next request reads the rows again. */
  forgetConfig(): void {
    this.held = null;
  }

  /** Writes one config row, then tells every process (this one at once) to read again. */
  private async writeRow(name: string, value: string): Promise<void> {
    await this.deps.repo.writeConfig(name, value, this.deps.clock.now());
    await this.deps.changes.announce({ what: "config" });
  }

  /** Seeds the config rows that are missing, and the installation's signing secret. */
  async seedDefaults(): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.repo.insertConfigIfMissing(
      SECRET_ROW,
      JSON.stringify(randomBytes(32).toString("base64url")),
      now,
    );
    for (const [name, value] of Object.entries(DEFAULT_CONFIG)) {
      await this.deps.repo.insertConfigIfMissing(
        name,
        JSON.stringify(value),
        now,
      );
    }
    this.forgetConfig();
  }

  async config(): Promise<SystemConfig> {
    const rows = await this.configRows();
    return {
      sysInfo: this.parsedRow("sysInfo", rows.get("sysInfo"), (raw) =>
        merged(SysInfoSchema, DEFAULT_CONFIG.sysInfo, raw),
      ),
      chatInfo: this.parsedRow("chatInfo", rows.get("chatInfo"), (raw) =>
        merged(ChatInfoSchema, DEFAULT_CONFIG.chatInfo, raw),
      ),
      fileUpload: this.parsedRow("fileUpload", rows.get("fileUpload"), (raw) =>
        merged(FileUploadInfoSchema, DEFAULT_CONFIG.fileUpload, raw),
      ),
    };
  }

  async rules(): Promise<SystemRules> {
    const { sysInfo } = await this.config();
    return {
      open: sysInfo.state !== "0",
      closeTips: sysInfo.closeTips,
      runMode: sysInfo.runMode === "2" ? 2 : 1,
      regtype: Number(sysInfo.regtype) || 0,
      regauth: regauthOf(sysInfo.regauth),
      multipleLogin: sysInfo.multipleLogin === "1",
    };
  }

  /**
   * The global config of SPEC §3 as getSystemInfo answers it, with its JSON text: written
   * once per language for as long as the rows and mail channels it is made of stay the
   * same objects (every client asks for it first, and most never see it change; issue 14).
   */
  async globalConfigText(lang: Language): Promise<JsonText<GlobalConfig>> {
    const config = await this.config();
    const channels = await this.deps.codeChannels();
    const signin = (await this.signin()).row;
    const held = this.configTexts.get(lang);
    if (
      held?.signin === signin &&
      held.sysInfo === config.sysInfo &&
      held.chatInfo === config.chatInfo &&
      held.fileUpload === config.fileUpload &&
      held.email === channels.email &&
      held.phone === channels.phone
    )
      return held.text;
    const value: GlobalConfig = {
      ...this.sharedOf(config, channels, signin),
      lang,
    };
    const text = new JsonText(JSON.stringify(value), value);
    this.configTexts.set(lang, { ...config, ...channels, signin, text });
    return text;
  }

  /** The global config as everyone sees it alike: all but the reader's language. */
  private async sharedConfig(): Promise<Omit<GlobalConfig, "lang">> {
    return this.sharedOf(
      await this.config(),
      await this.deps.codeChannels(),
      (await this.signin()).row,
    );
  }

  /** The shared global config made of the rows and the channels codes can reach. */
  private sharedOf(
    config: SystemConfig,
    channels: { email: boolean; phone: boolean },
    signin: SigninRow,
  ): Omit<GlobalConfig, "lang"> {
    return {
      ...config,
      sysInfo: {
        ...config.sysInfo,
        sso: ssoProviders(signin),
        ssoOnly: oidcOn(signin) ? signin.ssoOnly : "0",
      },
      demon_mode: this.deps.demoMode ? 1 : 0,
      version: PRODUCT_VERSION,
      codeByEmail: channels.email,
      codeBySms: channels.phone,
    };
  }

  /** How mail is sent: the console's `smtp` row, else the environment's settings. */
  async smtp(): Promise<Sourced<SmtpRow>> {
    const rows = await this.configRows();
    return this.parsedRow("smtp", rows.get("smtp"), (raw) =>
      readSmtp(raw, this.deps.env.smtp),
    );
  }

  /** How people sign in: the console's `signin` row, else the environment's settings. */
  async signin(): Promise<Sourced<SigninRow>> {
    const rows = await this.configRows();
    return this.parsedRow("signin", rows.get("signin"), (raw) =>
      readSignin(raw, this.deps.env.signin),
    );
  }

  /** How text messages are sent: the console's `sms` row, else the environment's settings. */
  async sms(): Promise<Sourced<SmsRow>> {
    const rows = await this.configRows();
    return this.parsedRow("sms", rows.get("sms"), (raw) =>
      readSms(raw, this.deps.env.sms),
    );
  }

  /** Where files are kept: the console's `storage` row, else the environment's settings. */
  async storage(): Promise<Sourced<StorageRow>> {
    const rows = await this.configRows();
    return this.parsedRow("storage", rows.get("storage"), (raw) =>
      readStorage(raw, this.deps.env.storage),
    );
  }

  /**
   * The config rows as the old admin page reads them (getAllConfig, getConfig): each section
   * as it is in force, with no password or key in it. Made at first start, when the
   * installation's secret was seeded (never written again); the mail row stands in from the
   * environment until it is saved.
   */
  async adminRows(
    names: readonly ConfigRowName[] = CONFIG_ROW_NAMES,
  ): Promise<ConfigRow[]> {
    const [config, smtp, storage, times] = await Promise.all([
      this.config(),
      this.smtp(),
      this.storage(),
      this.deps.repo.readConfigTimes(),
    ]);
    const sources = { ...config, smtp: smtp.row, disk: storage.row.disk };
    const created = times.get(SECRET_ROW) ?? this.deps.clock.now();
    return names.map((name) => configRowOf(name, sources, times, created));
  }

  /** One config row as the old admin page reads it. */
  async adminRow(name: ConfigRowName): Promise<ConfigRow> {
    const [row] = await this.adminRows([name]);
    if (!row) throw new Error(`no config row ${name}`);
    return row;
  }

  /**
   * Whether a save changes how mail or text messages leave or where files are kept
   * (console.deliverySettings): the smtp, sms and storage sections, and fileUpload when its disk is not the one in use (the
   * old admin page posts the disk back with every save of its upload settings).
   */
  async movesDelivery(
    section: ConfigSection,
    value: Record<string, unknown>,
  ): Promise<boolean> {
    if (
      section === "smtp" ||
      section === "sms" ||
      section === "storage" ||
      section === "signin"
    )
      return true;
    if (section !== "fileUpload" || !("disk" in value)) return false;
    return value.disk !== (await this.storage()).row.disk;
  }

  /**
   * Saves fields of one config section, each checked by the section's rules (a refusal
   * names the field and changes nothing); then every signed-in client gets the new config,
   * and closing the system ends the sessions of everyone but administrators.
   */
  async setConfig(
    section: ConfigSection,
    value: unknown,
    by: AuditActor,
  ): Promise<void> {
    if (this.deps.demoMode) throw refuse("demo.readOnly");
    const parsed = CONFIG_SECTIONS[section].safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field =
        issue?.code === "unrecognized_keys"
          ? (issue.keys[0] ?? section)
          : String(issue?.path[0] ?? section);
      throw refuse("config.invalidField", { field });
    }
    const patch: Record<string, unknown> = parsed.data;
    let closed = false;
    if (section === "smtp") await this.saveSmtp(patch, by);
    else if (section === "sms") await this.saveSms(patch, by);
    else if (section === "storage") await this.saveStorage(patch, by);
    else if (section === "signin") await this.saveSignin(patch, by);
    else {
      // Existing admin clients choose the disk with the upload settings; the old cloud
      // settings are not kept (any S3-compatible store is set up under `storage`).
      const { disk, msgClear, ...rest } = patch;
      const fields = Object.fromEntries(
        Object.entries(rest).filter(([key]) => !FORMER_SETTINGS.has(key)),
      );
      // The old admin page's retention switch: off keeps messages forever, whatever the days.
      if (msgClear === "0") fields.msgClearDay = "0";
      if (disk !== undefined && disk !== (await this.storage()).row.disk)
        await this.saveStorage({ disk }, by);
      if (Object.keys(fields).length > 0)
        closed = await this.saveSection(section, fields, by);
    }
    // Clients hear of the closing first (they show its notice), then lose their sessions
    // (the accounts feature, listening).
    const config = await this.sharedConfig();
    await this.deps.publish.toAll("updateConfig", config);
    if (closed) await this.events.emit("closed");
  }

  /** Saves fields of sysInfo, chatInfo or fileUpload over what is stored; true when it closed the system. */
  private async saveSection(
    section: keyof SystemConfig,
    fields: Record<string, unknown>,
    by: AuditActor,
  ): Promise<boolean> {
    const before = await this.config();
    const next = { ...before[section], ...fields };
    await this.writeRow(section, JSON.stringify(next));
    await this.audited(by, section, before[section], fields);
    // Into friend mode: people who already chatted one-to-one become friends (the friends
    // feature, listening), so no chat with history leaves their lists (issue 51 item 13).
    if (
      section === "sysInfo" &&
      before.sysInfo.runMode !== "2" &&
      fields.runMode === "2"
    )
      await this.events.emit("friendMode");
    return (
      section === "sysInfo" &&
      before.sysInfo.state !== "0" &&
      fields.state === "0"
    );
  }

  /** Saves the mail settings: a password left empty is kept. */
  private async saveSmtp(
    patch: Record<string, unknown>,
    by: AuditActor,
  ): Promise<void> {
    const before = (await this.smtp()).row;
    const next = patched("smtp", before, patch);
    await this.writeRow("smtp", JSON.stringify(next));
    await this.audited(by, "smtp", before, { ...next });
  }

  /** Saves how people sign in: a secret left empty is kept while where it goes stays. */
  private async saveSignin(
    patch: Record<string, unknown>,
    by: AuditActor,
  ): Promise<void> {
    const before = (await this.signin()).row;
    const next = patched("signin", before, patch);
    await this.writeRow("signin", JSON.stringify(next));
    await this.audited(by, "signin", before, { ...next });
  }

  /** Saves the SMS gateway: an Authorization header left empty is kept while the URL stays. */
  private async saveSms(
    patch: Record<string, unknown>,
    by: AuditActor,
  ): Promise<void> {
    const before = (await this.sms()).row;
    const next = patched("sms", before, patch);
    await this.writeRow("sms", JSON.stringify(next));
    await this.audited(by, "sms", before, { ...next });
  }

  /**
   * Saves where files are kept. Choosing the bucket needs one that answers with the keys
   * given, checked before anything is saved: a wrong key must not strand every upload.
   */
  private async saveStorage(
    patch: Record<string, unknown>,
    by: AuditActor,
  ): Promise<void> {
    const before = (await this.storage()).row;
    const next = patched("storage", before, patch);
    if (next.disk === "s3") {
      if (next.bucket === "")
        throw refuse("config.invalidField", { field: "bucket" });
      if (!(await this.deps.checkBucket(next)))
        throw refuse("config.storageUnreachable");
    }
    await this.writeRow("storage", JSON.stringify(next));
    await this.audited(by, "storage", before, { ...next });
  }

  /** Records the fields a save changed (a secret as changed, never its value). */
  private async audited(
    by: AuditActor,
    section: string,
    before: object,
    after: Record<string, unknown>,
  ): Promise<void> {
    const was: Record<string, unknown> = {};
    const now: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(after)) {
      const old: unknown = (before as Record<string, unknown>)[key];
      if (JSON.stringify(old) === JSON.stringify(value)) continue;
      const secret = SECRET_FIELDS.has(key) || SECRET_SETTINGS.has(key);
      was[key] = secret ? "********" : old;
      now[key] = secret ? "********" : value;
    }
    if (Object.keys(now).length > 0)
      await this.deps.audit.record(
        by,
        "config.set",
        { type: "config", id: section },
        was,
        now,
      );
  }

  /** How the audit log names an administrator. */
  async actorName(userId: number): Promise<string> {
    return (await this.deps.accounts.activeUser(userId))?.realname ?? "";
  }

  /**
   * The key that signs tokens of one purpose (the group QR): derived from the installation's
   * secret, which the seed makes once at random and keeps in the config table so every
   * server process signs and checks alike. Never part of any answer.
   */
  async signingKey(purpose: string): Promise<string> {
    const known = this.keys.get(purpose);
    if (known) return known;
    const stored = (await this.configRows()).get(SECRET_ROW);
    const secret: unknown =
      stored === undefined ? undefined : JSON.parse(stored);
    if (typeof secret !== "string")
      throw new Error(`the ${SECRET_ROW} config row is missing or damaged`);
    const key = createHmac("sha256", secret)
      .update(purpose)
      .digest("base64url");
    this.keys.set(purpose, key);
    return key;
  }

  /**
   * A value made once for the installation and kept (the Web Push key pair): `create`
   * runs only when no process has stored one yet.
   */
  async keptValue<T>(name: string, create: () => T): Promise<T> {
    const text = await this.deps.repo.keepOnce(
      name,
      () => JSON.stringify(create()),
      this.deps.clock.now(),
    );
    // Written by this method only, from a T of the same name.
    return JSON.parse(text) as T;
  }
}
