import { sql } from "kysely";
import { type Db } from "../../db/database.js";
import { containing } from "../../db/like.js";

/*
 * The directory of public groups (issue 45): live groups whose `public` switch is on
 * (`is_public`, one range of `groups_public`), found by name or pinyin, in pinyin order,
 * each with its member count and the viewer's role in it. The counts and roles are read
 * for the page's groups only (ordering by member count would count every public group's
 * members on every request).
 */

/** A public group as the directory reads it. */
export interface PublicGroupRow {
  group_id: number;
  name: string;
  name_py: string;
  avatar: string;
  description: string;
  notice: string;
  members: number;
  /** The viewer's role in it, or null when not a member. */
  role: number | null;
}

/** Live groups (`g`) whose name or pinyin contains `keywords` ("" all). */
function namedGroups(db: Db, keywords: string) {
  let query = db.selectFrom("groups as g").where("g.status", "=", 1);
  if (keywords !== "") {
    const pattern = containing(keywords.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(g.name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(g.name_py) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

function publicGroups(db: Db, keywords: string) {
  return namedGroups(db, keywords).where("g.is_public", "=", 1);
}

/** Groups as listed for `viewer`: their columns, member count and the viewer's role. */
function listed(query: ReturnType<typeof namedGroups>, viewer: number) {
  return query.select((eb) => [
    "g.group_id",
    "g.name",
    "g.name_py",
    "g.avatar",
    "g.description",
    "g.notice",
    eb
      .selectFrom("group_members as m")
      .select((m) => m.fn.countAll<number | string>().as("n"))
      .whereRef("m.group_id", "=", "g.group_id")
      .as("members"),
    eb
      .selectFrom("group_members as mine")
      .select("mine.role")
      .whereRef("mine.group_id", "=", "g.group_id")
      .where("mine.user_id", "=", viewer)
      .as("role"),
  ]);
}

/** Listed rows with their count as a number and no role as null. */
function toRow(row: {
  members: number | string | null;
  role: number | null;
}): Pick<PublicGroupRow, "members" | "role"> {
  return { members: Number(row.members ?? 0), role: row.role ?? null };
}

/**
 * The global search's groups (issue 45): live groups named like `keywords` that the viewer
 * is in, and with `withPublic` public ones too; theirs first, then in pinyin order; at
 * most `limit`. Names match as in the directory.
 */
export async function findGroupsNamed(
  db: Db,
  options: {
    keywords: string;
    viewer: number;
    withPublic: boolean;
    limit: number;
  },
): Promise<PublicGroupRow[]> {
  const found = namedGroups(db, options.keywords).where((eb) => {
    const mine = eb.exists(
      eb
        .selectFrom("group_members as gm")
        .select("gm.user_id")
        .whereRef("gm.group_id", "=", "g.group_id")
        .where("gm.user_id", "=", options.viewer),
    );
    return options.withPublic ? eb.or([mine, eb("g.is_public", "=", 1)]) : mine;
  });
  const rows = await listed(found, options.viewer)
    // Mine first (PostgreSQL orders by an expression, not by an output column's name).
    .orderBy(
      sql`case when exists (select 1 from group_members o
        where o.group_id = g.group_id and o.user_id = ${options.viewer}) then 0 else 1 end`,
    )
    .orderBy("g.name_py")
    .orderBy("g.group_id")
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ ...row, ...toRow(row) }));
}

/** One page of the public groups matching `keywords` ("" all), and how many match. */
export async function listPublicGroups(
  db: Db,
  options: { keywords: string; viewer: number; offset: number; limit: number },
): Promise<{ rows: PublicGroupRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    listed(publicGroups(db, options.keywords), options.viewer)
      .orderBy("g.name_py")
      .orderBy("g.group_id")
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    publicGroups(db, options.keywords)
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, ...toRow(row) })),
    total: Number(counted.total),
  };
}

/** A group's description (the owner or an administrator wrote it). */
export async function updateDescription(
  db: Db,
  groupId: number,
  description: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("groups")
    .set({ description, updated_at: now })
    .where("group_id", "=", groupId)
    .execute();
}
