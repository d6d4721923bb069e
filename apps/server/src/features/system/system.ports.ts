import type { Events } from "../../events.js";
import type { SystemService } from "./system.service.js";

/** The system's settings as they are now (SPEC §2 console settings). */
export type LiveConfig = Pick<SystemService, "config">;
/** The registration and login rules the settings make. */
export type SignUpRules = Pick<SystemService, "rules">;
/** The key that signs links to files and group QR codes. */
export type SigningKeys = Pick<SystemService, "signingKey">;
/** Where mail, text messages and files go, as the console shows it. */
export type DeliverySettings = Pick<
  SystemService,
  "sms" | "smtp" | "storage" | "signin"
>;
/** How people sign in (issue 46): the OpenID provider, the directory, two-factor. */
export type SigninSettings = Pick<SystemService, "signin" | "signingKey">;
/** Values made once for the installation and kept (the Web Push key pair). */
export type KeptValues = Pick<SystemService, "keptValue">;

/**
 * What the system tells the features above it once a save is stored; a listening module
 * subscribes when app.ts builds it (docs/ARCHITECTURE.md lists who listens).
 */
export interface SystemEventMap {
  /** The system was closed, and every client has heard the new config. */
  closed: undefined;
  /** The run mode became 2: only friends may chat one-to-one. */
  friendMode: undefined;
}
/** The system's events, as a feature above it listens to them. */
export interface SystemEvents {
  readonly events: Events<SystemEventMap>;
}
