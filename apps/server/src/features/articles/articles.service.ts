import {
  type Article,
  type ArticleStatus,
  type ArticleSummary,
} from "@parley/protocol";
import type { Policy } from "../../context.js";
import { Emitter } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import type { AuditActor } from "../audit/audit.service.js";
import {
  articleExcerpt,
  cleanArticleHtml,
  hasSubstance,
} from "./article-html.js";
import type {
  ArticleFilter,
  ArticleSummaryRow,
  ArticlesRepository,
} from "./articles.repository.js";
import type { ActiveUsers } from "../accounts/accounts.ports.js";
import type { AuditLog } from "../audit/audit.ports.js";
import { auditActorOf, mayWriteConsole } from "../accounts/admin-acts.js";
import type { ArticleEventMap } from "./articles.ports.js";

export interface ArticlesDeps {
  repo: ArticlesRepository;
  clock: Clock;
  policy: Policy;
  /** The audit log (a port: app.ts wires it). */
  audit: AuditLog;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
}

/** What this service asks of other features (app.ts wires each one). */
export type ArticlesPorts = Pick<ArticlesDeps, "audit" | "accounts">;

/** The administrator writing, and from where (for the audit log). */
export interface Editor {
  userId: number;
  role: number;
  ip: string;
}

/** What an administrator writes. */
export interface Draft {
  title: string;
  content: string;
}

function statusOf(value: number): ArticleStatus {
  return value === 1 ? 1 : 0;
}

function toSummary(row: ArticleSummaryRow): ArticleSummary {
  return {
    id: row.article_id,
    title: row.title,
    status: statusOf(row.status),
    excerpt: row.excerpt,
    author: row.author,
    created_at: row.created_at,
    updated_at: row.updated_at,
    published_at: row.published_at,
  };
}

/**
 * Articles (issue 12): administrators write, publish, take back and delete them, each step
 * audited and refused in demo mode; every user reads the published ones. Bodies are cleaned
 * before they are stored, so what is read is what was checked.
 */
export class ArticlesService {
  /** What articles tells the features above it (articles.ports.ts). */
  readonly events = new Emitter<ArticleEventMap>();

  constructor(private readonly deps: ArticlesDeps) {}

  /** `manage/Article/index`. */
  async page(
    filter: ArticleFilter,
    page: number,
    limit: number,
  ): Promise<{ articles: ArticleSummary[]; count: number }> {
    const [rows, count] = await Promise.all([
      this.deps.repo.pageArticles(filter, {
        offset: (page - 1) * limit,
        limit,
      }),
      this.deps.repo.countArticles(filter),
    ]);
    return { articles: rows.map(toSummary), count };
  }

  /** `enterprise/article/index`: published only, the newest published first. */
  async published(
    page: number,
    limit: number,
  ): Promise<{ articles: ArticleSummary[]; count: number }> {
    const filter = { status: 1 };
    const [rows, count] = await Promise.all([
      this.deps.repo.pageArticles(
        filter,
        { offset: (page - 1) * limit, limit },
        "published",
      ),
      this.deps.repo.countArticles(filter),
    ]);
    return { articles: rows.map(toSummary), count };
  }

  /** The most recently published article, for the notices entry's last line. */
  async newest(): Promise<{ title: string; created_at: number } | undefined> {
    const row = await this.deps.repo.newestPublished();
    if (!row || row.published_at === null) return undefined;
    return { title: row.title, created_at: row.published_at };
  }

  /** One article; `publishedOnly` answers a draft like a missing one. */
  async article(articleId: number, publishedOnly: boolean): Promise<Article> {
    const row = await this.deps.repo.findArticle(articleId);
    if (!row || (publishedOnly && row.status !== 1))
      throw refuse("article.notFound");
    return { ...toSummary(row), content: row.content };
  }

  /** `manage/Article/add`. */
  async add(by: Editor, draft: Draft, status: ArticleStatus): Promise<number> {
    const actor = await this.mayWrite(by);
    const body = cleaned(draft.content);
    const now = this.deps.clock.now();
    const id = await this.deps.repo.insertArticle({
      title: draft.title,
      content: body,
      excerpt: articleExcerpt(body),
      status,
      created_by: by.userId,
      created_at: now,
      updated_at: now,
      published_at: status === 1 ? now : null,
    });
    await this.deps.audit.record(
      actor,
      "article.add",
      { type: "article", id },
      null,
      { title: draft.title, status },
    );
    // The notices entry of every list shows the newest published article.
    await this.events.emit("changed");
    return id;
  }

  /** `manage/Article/edit`: title and body; the state stays. */
  async edit(by: Editor, articleId: number, draft: Draft): Promise<void> {
    const actor = await this.mayWrite(by);
    const was = await this.deps.repo.findArticle(articleId);
    if (!was) throw refuse("article.notFound");
    const body = cleaned(draft.content);
    await this.deps.repo.updateArticle(articleId, {
      title: draft.title,
      content: body,
      excerpt: articleExcerpt(body),
      updated_at: this.deps.clock.now(),
    });
    await this.deps.audit.record(
      actor,
      "article.edit",
      { type: "article", id: articleId },
      { title: was.title, length: was.content.length },
      { title: draft.title, length: body.length },
    );
    // The notices entry of every list shows the newest published article.
    await this.events.emit("changed");
  }

  /** `manage/Article/setStatus`: the first publishing dates it; a draft again keeps that. */
  async setStatus(
    by: Editor,
    articleId: number,
    status: ArticleStatus,
  ): Promise<void> {
    const actor = await this.mayWrite(by);
    const was = await this.deps.repo.findArticle(articleId);
    if (!was) throw refuse("article.notFound");
    if (was.status === status) return;
    const now = this.deps.clock.now();
    await this.deps.repo.updateArticle(articleId, {
      status,
      updated_at: now,
      ...(status === 1 && was.published_at === null
        ? { published_at: now }
        : {}),
    });
    await this.deps.audit.record(
      actor,
      "article.status",
      { type: "article", id: articleId },
      { status: was.status },
      { status },
    );
    // The notices entry of every list shows the newest published article.
    await this.events.emit("changed");
  }

  /** `manage/Article/del`. */
  async remove(by: Editor, articleId: number): Promise<void> {
    const actor = await this.mayWrite(by);
    const was = await this.deps.repo.findArticle(articleId);
    if (!was) throw refuse("article.notFound");
    await this.deps.repo.deleteArticle(articleId);
    await this.deps.audit.record(
      actor,
      "article.delete",
      { type: "article", id: articleId },
      { title: was.title, status: was.status },
      null,
    );
    // The notices entry of every list shows the newest published article.
    await this.events.emit("changed");
  }

  /** Refuses a write in demo mode or by a non-administrator; names the actor for the log. */
  private async mayWrite(by: Editor): Promise<AuditActor> {
    mayWriteConsole(this.deps.policy, by);
    return auditActorOf(this.deps.accounts, by);
  }
}

/** The body cleaned, refused when nothing is left of it. */
function cleaned(html: string): string {
  const body = cleanArticleHtml(html);
  if (!hasSubstance(body)) throw refuse("article.contentInvalid");
  return body;
}
