import type { SystemService } from "./system.service.js";

/** The system's settings as they are now (SPEC §2 console settings). */
export type LiveConfig = Pick<SystemService, "config">;
/** The registration and login rules the settings make. */
export type SignUpRules = Pick<SystemService, "rules">;
/** The key that signs links to files and group QR codes. */
export type SigningKeys = Pick<SystemService, "signingKey">;
/** Where mail, text messages and files go, as the console shows it. */
export type DeliverySettings = Pick<SystemService, "sms" | "smtp" | "storage">;
/** Values made once for the installation and kept (the Web Push key pair). */
export type KeptValues = Pick<SystemService, "keptValue">;
