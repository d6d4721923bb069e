import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/*
 * Complaints' SQL (issue 12): reports by state, newest first, with their reporters; what
 * they point at, looked up for a whole page at once (one query per kind, never per row).
 */

/** A report as stored, with its reporter and who decided. */
export interface ComplaintRow {
  complaint_id: number;
  reporter_id: number;
  target_type: string;
  target_id: number;
  reason: string;
  content: string;
  status: number;
  remark: string;
  handled_at: number | null;
  created_at: number;
  reporter_name: string;
  reporter_account: string;
  reporter_avatar: string;
  handler_name: string | null;
}

/** Which reports a page shows. */
export interface ComplaintFilter {
  status?: number | undefined;
  type?: string | undefined;
}

function filtered(db: Db, filter: ComplaintFilter) {
  let query = db.selectFrom("complaints as c");
  if (filter.status !== undefined)
    query = query.where("c.status", "=", filter.status);
  if (filter.type !== undefined)
    query = query.where("c.target_type", "=", filter.type);
  return query;
}

export function pageComplaints(
  db: Db,
  filter: ComplaintFilter,
  page: { offset: number; limit: number },
): Promise<ComplaintRow[]> {
  return filtered(db, filter)
    .leftJoin("users as r", "r.user_id", "c.reporter_id")
    .leftJoin("users as h", "h.user_id", "c.handled_by")
    .select([
      "c.complaint_id",
      "c.reporter_id",
      "c.target_type",
      "c.target_id",
      "c.reason",
      "c.content",
      "c.status",
      "c.remark",
      "c.handled_at",
      "c.created_at",
      "h.realname as handler_name",
    ])
    .select((eb) => [
      eb.fn.coalesce("r.realname", eb.val("")).as("reporter_name"),
      eb.fn.coalesce("r.account", eb.val("")).as("reporter_account"),
      eb.fn.coalesce("r.avatar", eb.val("")).as("reporter_avatar"),
    ])
    .orderBy("c.complaint_id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countComplaints(
  db: Db,
  filter: ComplaintFilter,
): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the reporter already has a waiting report of this target. */
export async function hasWaiting(
  db: Db,
  reporterId: number,
  type: string,
  targetId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("complaints")
    .select("complaint_id")
    .where("reporter_id", "=", reporterId)
    .where("target_type", "=", type)
    .where("target_id", "=", targetId)
    .where("status", "=", 0)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertComplaint(
  db: Db,
  values: {
    reporter_id: number;
    target_type: string;
    target_id: number;
    reason: string;
    content: string;
    created_at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto("complaints")
    .values(values)
    .returning("complaint_id")
    .executeTakeFirstOrThrow();
  return row.complaint_id;
}

export function findComplaint(db: Db, complaintId: number) {
  return db
    .selectFrom("complaints")
    .select(["complaint_id", "status", "remark", "target_type", "target_id"])
    .where("complaint_id", "=", complaintId)
    .executeTakeFirst();
}

export async function decide(
  db: Db,
  complaintId: number,
  values: { status: number; remark: string; by: number; at: number },
): Promise<void> {
  await db
    .updateTable("complaints")
    .set({
      status: values.status,
      remark: values.remark,
      handled_by: values.by,
      handled_at: values.at,
    })
    .where("complaint_id", "=", complaintId)
    .execute();
}

/** Reported users: their names, and whether the account still exists. */
export function usersAmong(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["user_id", "realname", "deleted_at"])
    .where("user_id", "in", ids)
    .execute();
}

/** Reported groups: their names, and whether they were disbanded. */
export function groupsAmong(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("groups")
    .select(["group_id", "name", "deleted_at"])
    .where("group_id", "in", ids)
    .execute();
}

/** Reported messages: what they said, who sent them, and the chat they are in. */
export function messagesAmong(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("messages as m")
    .leftJoin("users as s", "s.user_id", "m.from_user")
    .leftJoin("users as t", (join) =>
      join.onRef("t.user_id", "=", "m.to_user").on("m.is_group", "=", 0),
    )
    .leftJoin("groups as g", (join) =>
      join.onRef("g.group_id", "=", "m.to_user").on("m.is_group", "=", 1),
    )
    .select([
      "m.msg_id",
      "m.type",
      "m.content",
      "m.is_undo",
      "m.is_group",
      "s.realname as sender",
      "t.realname as receiver",
      "g.name as group_name",
    ])
    .where("m.msg_id", "in", ids)
    .execute();
}

export function complaintsRepository(db: Db) {
  return bindRepository(db, {
    pageComplaints,
    countComplaints,
    hasWaiting,
    insertComplaint,
    findComplaint,
    decide,
    usersAmong,
    groupsAmong,
    messagesAmong,
  });
}
/** What the complaints feature holds of the database. */
export type ComplaintsRepository = ReturnType<typeof complaintsRepository>;
