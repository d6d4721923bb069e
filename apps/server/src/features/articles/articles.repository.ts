import { compiledOnce } from "../../db/compiled-once.js";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { containing } from "../../db/like.js";
import { bindRepository } from "../../db/repository.js";

/*
 * Articles' SQL (issue 12): lists by state, newest first, without bodies; one article by id,
 * all of it; writes. A title search reads the article rows of one page's filter, which stay
 * few (written by hand by administrators); the count is of the same filter.
 */

/** An article as lists show it, with its author's name. */
export interface ArticleSummaryRow {
  article_id: number;
  title: string;
  excerpt: string;
  status: number;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  author: string;
}

/** Which articles a page shows. */
export interface ArticleFilter {
  status?: number | undefined;
  keywords?: string | undefined;
}

function filtered(db: Db, filter: ArticleFilter) {
  let query = db.selectFrom("articles as a");
  if (filter.status !== undefined)
    query = query.where("a.status", "=", filter.status);
  if (filter.keywords)
    query = query.where(
      sql<boolean>`lower(a.title) like lower(${containing(filter.keywords)}) escape '\\'`,
    );
  return query;
}

const SUMMARY = [
  "a.article_id",
  "a.title",
  "a.excerpt",
  "a.status",
  "a.created_at",
  "a.updated_at",
  "a.published_at",
] as const;

export function pageArticles(
  db: Db,
  filter: ArticleFilter,
  page: { offset: number; limit: number },
  order: "created" | "published" = "created",
): Promise<ArticleSummaryRow[]> {
  return filtered(db, filter)
    .leftJoin("users as u", "u.user_id", "a.created_by")
    .select(SUMMARY)
    .select((eb) => eb.fn.coalesce("u.realname", eb.val("")).as("author"))
    .$if(order === "published", (q) => q.orderBy("a.published_at", "desc"))
    .orderBy("a.article_id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countArticles(
  db: Db,
  filter: ArticleFilter,
): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** One article, with its body and author. */
export function findArticle(db: Db, articleId: number) {
  return db
    .selectFrom("articles as a")
    .leftJoin("users as u", "u.user_id", "a.created_by")
    .select([...SUMMARY, "a.content"])
    .select((eb) => eb.fn.coalesce("u.realname", eb.val("")).as("author"))
    .where("a.article_id", "=", articleId)
    .executeTakeFirst();
}

const newest = compiledOnce((db) =>
  db
    .selectFrom("articles")
    .select(["title", "published_at"])
    .where("status", "=", 1)
    .orderBy("published_at", "desc")
    .limit(1),
);

/** The most recently published article's title and when (ms), if any (every contact list). */
export async function newestPublished(db: Db) {
  const [row] = await newest(db);
  return row;
}

export async function insertArticle(
  db: Db,
  values: {
    title: string;
    content: string;
    excerpt: string;
    status: number;
    created_by: number;
    created_at: number;
    updated_at: number;
    published_at: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto("articles")
    .values(values)
    .returning("article_id")
    .executeTakeFirstOrThrow();
  return row.article_id;
}

export async function updateArticle(
  db: Db,
  articleId: number,
  values: {
    title?: string;
    content?: string;
    excerpt?: string;
    status?: number;
    updated_at: number;
    published_at?: number | null;
  },
): Promise<void> {
  await db
    .updateTable("articles")
    .set(values)
    .where("article_id", "=", articleId)
    .execute();
}

export async function deleteArticle(db: Db, articleId: number): Promise<void> {
  await db.deleteFrom("articles").where("article_id", "=", articleId).execute();
}

export function articlesRepository(db: Db) {
  return bindRepository(db, {
    pageArticles,
    countArticles,
    findArticle,
    newestPublished,
    insertArticle,
    updateArticle,
    deleteArticle,
  });
}
/** What the articles feature holds of the database. */
export type ArticlesRepository = ReturnType<typeof articlesRepository>;
