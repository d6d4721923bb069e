import { compiledOnce } from "../../db/compiled-once.js";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/*
 * System notices' SQL (issue 12): the notices by key, newest first, with who published
 * them; each user's read mark. Notices are few (an administrator writes each by hand), and
 * every query here is on a key.
 */

/** A notice as stored, with its publisher. */
export interface NoticeRow {
  notice_id: number;
  title: string;
  body: string;
  created_by: number;
  created_at: number;
  updated_at: number;
  realname: string;
  account: string;
  avatar: string;
  name_py: string;
}

function withPublisher(db: Db) {
  return db
    .selectFrom("notices as n")
    .leftJoin("users as u", "u.user_id", "n.created_by")
    .select([
      "n.notice_id",
      "n.title",
      "n.body",
      "n.created_by",
      "n.created_at",
      "n.updated_at",
    ])
    .select((eb) => [
      eb.fn.coalesce("u.realname", eb.val("")).as("realname"),
      eb.fn.coalesce("u.account", eb.val("")).as("account"),
      eb.fn.coalesce("u.avatar", eb.val("")).as("avatar"),
      eb.fn.coalesce("u.name_py", eb.val("")).as("name_py"),
    ]);
}

/** A page of notices, newest first. */
export function pageNotices(
  db: Db,
  page: { offset: number; limit: number },
): Promise<NoticeRow[]> {
  return withPublisher(db)
    .orderBy("n.notice_id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** The newest `limit` notices below `beforeId` (0: from the newest), newest first. */
export function noticesBefore(
  db: Db,
  beforeId: number,
  limit: number,
): Promise<NoticeRow[]> {
  let query = withPublisher(db);
  if (beforeId > 0) query = query.where("n.notice_id", "<", beforeId);
  return query.orderBy("n.notice_id", "desc").limit(limit).execute();
}

export function findNotice(
  db: Db,
  noticeId: number,
): Promise<NoticeRow | undefined> {
  return withPublisher(db)
    .where("n.notice_id", "=", noticeId)
    .executeTakeFirst();
}

/** How many notices there are. */
export async function countNotices(db: Db): Promise<number> {
  const row = await db
    .selectFrom("notices")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertNotice(
  db: Db,
  values: { title: string; body: string; created_by: number; now: number },
): Promise<number> {
  const row = await db
    .insertInto("notices")
    .values({
      title: values.title,
      body: values.body,
      created_by: values.created_by,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning("notice_id")
    .executeTakeFirstOrThrow();
  return row.notice_id;
}

export async function updateNotice(
  db: Db,
  noticeId: number,
  values: { title: string; body: string; now: number },
): Promise<void> {
  await db
    .updateTable("notices")
    .set({ title: values.title, body: values.body, updated_at: values.now })
    .where("notice_id", "=", noticeId)
    .execute();
}

/** Deletes a notice; answers whether there was one. */
export async function deleteNotice(db: Db, noticeId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("notices")
    .where("notice_id", "=", noticeId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// The notices entry's queries run on every contact list: compiled once.
const newestNotice = compiledOnce((db) =>
  db
    .selectFrom("notices")
    .select(["title", "created_at"])
    .orderBy("notice_id", "desc")
    .limit(1),
);
const lastRead = compiledOnce((db, userId) =>
  db
    .selectFrom("notice_reads")
    .select("last_read_id")
    .where("user_id", "=", userId),
);
const unreadNotices = compiledOnce((db, lastReadId, userId) =>
  db
    .selectFrom("notices")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("notice_id", ">", lastReadId)
    // One's own notices are not news to oneself.
    .where("created_by", "<>", userId),
);

/**
 * The notices entry of a user's list: the newest notice (for its title and time) and how
 * many others published after the user's read mark. Two key lookups and a count over the unread
 * notices only.
 */
export async function entryFor(
  db: Db,
  userId: number,
): Promise<{
  newest: { title: string; created_at: number } | undefined;
  unread: number;
}> {
  const [[newest], [read]] = await Promise.all([
    newestNotice(db),
    lastRead(db, userId),
  ]);
  if (!newest) return { newest: undefined, unread: 0 };
  const [row] = await unreadNotices(db, read?.last_read_id ?? 0, userId);
  return { newest, unread: row?.n ?? 0 };
}

/** Marks every notice up to the newest read by the user. */
export async function markRead(db: Db, userId: number): Promise<void> {
  const newest = await db
    .selectFrom("notices")
    .select("notice_id")
    .orderBy("notice_id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!newest) return;
  const last = newest.notice_id;
  await db
    .insertInto("notice_reads")
    .values({ user_id: userId, last_read_id: last })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ last_read_id: last }),
    )
    .execute();
}

export function noticesRepository(db: Db) {
  return bindRepository(db, {
    pageNotices,
    noticesBefore,
    findNotice,
    countNotices,
    insertNotice,
    updateNotice,
    deleteNotice,
    entryFor,
    markRead,
  });
}
/** What the notices feature holds of the database. */
export type NoticesRepository = ReturnType<typeof noticesRepository>;
