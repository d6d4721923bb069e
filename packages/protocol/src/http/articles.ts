import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { defineCall } from "./define.js";
import { consoleLimit, consolePage } from "./manage-users.js";

/*
 * Articles (SPEC §2 /manage/article, §7 manage/Article; issue 12): administrators write rich
 * text (the console's editor makes HTML), keep it as a draft or publish it; every signed-in
 * user reads the published ones. The server keeps only a safe subset of HTML: no script,
 * style, event handler, frame, form or javascript:/data: link survives a save. The calls'
 * fields are ours: the wire contract does not describe the old server's.
 */

/** The longest title. */
export const ARTICLE_TITLE_MAX = 100;
/** The longest body, as HTML after cleaning. */
export const ARTICLE_HTML_MAX = 200_000;
/** The longest excerpt a list shows (plain text). */
export const ARTICLE_EXCERPT_MAX = 200;
/** An article's state: 0 draft (administrators only), 1 published (everyone). */
export const ARTICLE_STATUSES = [0, 1] as const;
/** An article's state. */
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
/** The tags an article's body keeps (what the console's editor makes); all else goes. */
export const ARTICLE_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "hr",
  "a",
  "img",
] as const;
/** The attributes it keeps, by tag; `href` and `src` only as http(s) (links also mailto). */
export const ARTICLE_ATTRIBUTES = {
  a: ["href", "target", "rel"],
  img: ["src", "alt", "width", "height"],
  ol: ["start"],
} as const;

/** How many published articles a user's list shows per page. */
export const ARTICLE_READER_PAGE = 20;

/** An article in a list: everything but its body. */
export const ArticleSummarySchema = z.object({
  id: z.int(),
  title: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  /** The start of its text, plain. */
  excerpt: z.string(),
  /** Who wrote it first. */
  author: z.string(),
  /** ms */
  created_at: z.number(),
  /** ms */
  updated_at: z.number(),
  /** ms of the first publishing; null while it has never been published. */
  published_at: z.nullable(z.number()),
});
/** An article in a list. */
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

/** An article with its body (cleaned HTML). */
export const ArticleSchema = z.extend(ArticleSummarySchema, {
  content: z.string(),
});
/** An article with its body. */
export type Article = z.infer<typeof ArticleSchema>;

const statusField = z.pipe(
  formInt(),
  z.union([z.literal(0), z.literal(1)], { error: "request.invalidField" }),
);
const articleId = positiveId("article.notFound");
const title = z.pipe(
  formString(),
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: "article.titleInvalid" }),
      z.maxLength(ARTICLE_TITLE_MAX, { error: "article.titleInvalid" }),
    ),
);
/** The body as sent; the server cleans it and checks that words remain. */
const content = z.pipe(
  formString(),
  z
    .string()
    .check(z.maxLength(ARTICLE_HTML_MAX, { error: "article.contentInvalid" })),
);

/** `manage/Article/index`: every article, newest first, by state and words of the title. */
export const articleIndex = defineCall({
  path: "/manage/Article/index",
  auth: "admin",
  request: z.object({
    page: consolePage,
    limit: consoleLimit,
    status: optional(statusField),
    keywords: optional(
      z.pipe(
        formString(),
        z.string().check(z.trim(), z.maxLength(ARTICLE_TITLE_MAX)),
      ),
    ),
  }),
  response: z.array(ArticleSummarySchema),
});

/** `manage/Article/detail` (beyond the wire): one article with its body, to edit it. */
export const articleDetail = defineCall({
  path: "/manage/Article/detail",
  auth: "admin",
  request: z.object({ id: articleId }),
  response: ArticleSchema,
});

/** `manage/Article/add`: a new article, a draft unless `status` is 1. */
export const articleAdd = defineCall({
  path: "/manage/Article/add",
  auth: "admin",
  request: z.object({
    title,
    content,
    status: z._default(statusField, 0),
  }),
  response: z.object({ id: z.int() }),
});

/** `manage/Article/edit`: a new title and body; the state stays. */
export const articleEdit = defineCall({
  path: "/manage/Article/edit",
  auth: "admin",
  request: z.object({ id: articleId, title, content }),
  response: z.literal(""),
});

/** `manage/Article/setStatus`: publishes (1) or takes back to draft (0). */
export const articleSetStatus = defineCall({
  path: "/manage/Article/setStatus",
  auth: "admin",
  request: z.object({ id: articleId, status: statusField }),
  response: z.literal(""),
});

/** `manage/Article/del`: deletes an article for good. */
export const articleDel = defineCall({
  path: "/manage/Article/del",
  auth: "admin",
  request: z.object({ id: articleId }),
  response: z.literal(""),
});

/** `enterprise/article/index`: the published articles, newest first. */
export const articleList = defineCall({
  path: "/enterprise/article/index",
  auth: "session",
  request: z.object({
    page: z._default(
      z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000))),
      1,
    ),
    limit: z._default(
      z.pipe(
        formInt(),
        z.int().check(z.gte(1), z.lte(50, { error: "request.invalidField" })),
      ),
      ARTICLE_READER_PAGE,
    ),
  }),
  response: z.array(ArticleSummarySchema),
});

/** `enterprise/article/detail`: one published article; a draft answers like a missing one. */
export const articleRead = defineCall({
  path: "/enterprise/article/detail",
  auth: "session",
  request: z.object({ id: articleId }),
  response: ArticleSchema,
});
