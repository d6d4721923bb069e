import {
  ChatInfoSchema,
  FileUploadInfoSchema,
  type GlobalConfig,
  type Language,
  PRODUCT_VERSION,
  type RegAuth,
  regauthOf,
  SysInfoSchema,
} from "@parley/protocol";
import type { z } from "zod";
import type { Clock } from "../../lib/clock.js";
import { DEFAULT_CONFIG } from "./system.defaults.js";
import type { SystemRepository } from "./system.repository.js";

/** The settings the server itself acts on, read from the config rows. */
export interface SystemConfig {
  sysInfo: GlobalConfig["sysInfo"];
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
function merged<S extends z.ZodType<object>>(
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

export interface SystemDeps {
  repo: SystemRepository;
  clock: Clock;
  /** Demo mode comes from the environment (decisions.md), not the database. */
  demoMode: boolean;
}

/** The global config: seeded defaults, stored rows merged over them, and what they decide. */
export class SystemService {
  constructor(private readonly deps: SystemDeps) {}

  /** Seeds the config rows that are missing. */
  async seedDefaults(): Promise<void> {
    const now = this.deps.clock.now();
    for (const [name, value] of Object.entries(DEFAULT_CONFIG)) {
      await this.deps.repo.insertConfigIfMissing(
        name,
        JSON.stringify(value),
        now,
      );
    }
  }

  async config(): Promise<SystemConfig> {
    const rows = await this.deps.repo.readConfigRows();
    return {
      sysInfo: merged(
        SysInfoSchema,
        DEFAULT_CONFIG.sysInfo,
        rows.get("sysInfo"),
      ),
      chatInfo: merged(
        ChatInfoSchema,
        DEFAULT_CONFIG.chatInfo,
        rows.get("chatInfo"),
      ),
      fileUpload: merged(
        FileUploadInfoSchema,
        DEFAULT_CONFIG.fileUpload,
        rows.get("fileUpload"),
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

  /** The global config of SPEC §3 as getSystemInfo answers it. */
  async globalConfig(lang: Language): Promise<GlobalConfig> {
    const config = await this.config();
    return {
      ...config,
      lang,
      demon_mode: this.deps.demoMode ? 1 : 0,
      version: PRODUCT_VERSION,
    };
  }
}
