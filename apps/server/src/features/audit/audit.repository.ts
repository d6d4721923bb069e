import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";
import type { AuditLogTable } from "../../db/schema.js";
import type { Insertable, Selectable } from "kysely";

/** One entry as stored. */
export type AuditRow = Selectable<AuditLogTable>;

/** What the log is filtered by. */
export interface AuditFilter {
  action?: string | undefined;
  actorId?: number | undefined;
  targetId?: string | undefined;
  /** ms, inclusive */
  from?: number | undefined;
  /** ms, exclusive */
  to?: number | undefined;
}

/** Appends one entry. The table has no update or delete path (its triggers refuse both). */
export async function insertEntry(
  db: Db,
  entry: Insertable<AuditLogTable>,
): Promise<void> {
  await db.insertInto("audit_log").values(entry).execute();
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom("audit_log");
  if (filter.action !== undefined)
    query = query.where("action", "=", filter.action);
  if (filter.actorId !== undefined)
    query = query.where("actor_id", "=", filter.actorId);
  if (filter.targetId !== undefined)
    query = query.where("target_id", "=", filter.targetId);
  if (filter.from !== undefined)
    query = query.where("created_at", ">=", filter.from);
  if (filter.to !== undefined)
    query = query.where("created_at", "<", filter.to);
  return query;
}

/** A page of entries, newest first (each filter has an index ending in the key). */
export function pageEntries(
  db: Db,
  filter: AuditFilter,
  offset: number,
  limit: number,
): Promise<AuditRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy("audit_id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many entries match, counted up to `cap` (a bounded count, never a scan of the whole log). */
export async function countEntries(
  db: Db,
  filter: AuditFilter,
  cap: number,
): Promise<number> {
  const row = await db
    .selectFrom(
      filtered(db, filter).select("audit_id").limit(cap).as("matches"),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function auditRepository(db: Db) {
  return bindRepository(db, { insertEntry, pageEntries, countEntries });
}
/** What the audit service holds of the log. */
export type AuditRepository = ReturnType<typeof auditRepository>;
