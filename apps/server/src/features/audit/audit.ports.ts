import type { AuditService } from "./audit.service.js";

/** The audit log, as other features write to it (what was done, by whom, to what). */
export type AuditLog = Pick<AuditService, "record">;
