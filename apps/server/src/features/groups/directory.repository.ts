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

function publicGroups(db: Db, keywords: string) {
  let query = db
    .selectFrom("groups as g")
    .where("g.is_public", "=", 1)
    .where("g.status", "=", 1);
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

/** One page of the public groups matching `keywords` ("" all), and how many match. */
export async function listPublicGroups(
  db: Db,
  options: { keywords: string; viewer: number; offset: number; limit: number },
): Promise<{ rows: PublicGroupRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    publicGroups(db, options.keywords)
      .select((eb) => [
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
          .where("mine.user_id", "=", options.viewer)
          .as("role"),
      ])
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
    rows: rows.map((row) => ({
      ...row,
      members: Number(row.members ?? 0),
      role: row.role ?? null,
    })),
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
