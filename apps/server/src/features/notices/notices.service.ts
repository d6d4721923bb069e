import { denial, Limits, type Message, type Notice } from "@parley/protocol";
import type { Policy, Publish } from "../../context.js";
import { Emitter } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import {
  type NoticeEntryState,
  noticeHtml,
  noticeMessageId,
  toNotice,
  toNoticeMessage,
} from "./notices.mapper.js";
import type { NoticesRepository } from "./notices.repository.js";
import type { ActiveUsers } from "../accounts/accounts.ports.js";
import type { ArticleFeed } from "../articles/articles.ports.js";
import type { AuditLog } from "../audit/audit.ports.js";
import { auditActorOf } from "../accounts/admin-acts.js";
import type { NoticeEventMap } from "./notices.ports.js";

export interface NoticesDeps {
  repo: NoticesRepository;
  clock: Clock;
  policy: Policy;
  publish: Publish;
  /** The audit log (a port: app.ts wires it). */
  audit: AuditLog;
  /** Articles (a port: app.ts wires it). */
  articles: ArticleFeed;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
}

/** What this service asks of other features (app.ts wires each one). */
export type NoticesPorts = Pick<NoticesDeps, "audit" | "articles" | "accounts">;

/** The super administrator publishing, and from where (for the audit log). */
export interface Publisher {
  userId: number;
  role: number;
  ip: string;
  publicUrl: string;
}

/**
 * System notices (issue 12; wire-contract.md §2.8, §5.3): a super administrator publishes,
 * edits or withdraws one; every signed-in client hears it at once, and every user's list
 * carries the notices entry with its unread count.
 */
export class NoticesService {
  /** What notices tells the features above it (notices.ports.ts). */
  readonly events = new Emitter<NoticeEventMap>();

  constructor(private readonly deps: NoticesDeps) {}

  /** `manage/index/noticeList`: newest first, by page, with the total. */
  async page(
    page: number,
    limit: number,
  ): Promise<{ notices: Notice[]; count: number }> {
    const [rows, count] = await Promise.all([
      this.deps.repo.pageNotices({ offset: (page - 1) * limit, limit }),
      this.deps.repo.countNotices(),
    ]);
    return { notices: rows.map(toNotice), count };
  }

  /**
   * `manage/index/publishNotice`: `msgId` 0 publishes a new notice and pushes it to
   * everyone as a `simple` message of the notices entry; another id changes that notice
   * and pushes `updateMessage`.
   */
  async publish(
    by: Publisher,
    input: { msgId: number; title: string; content: string },
  ): Promise<void> {
    this.mayPublish(by);
    const actor = await this.auditActor(by);
    const now = this.deps.clock.now();
    const values = { title: input.title, body: input.content, now };
    if (input.msgId === 0) {
      const noticeId = await this.deps.repo.insertNotice({
        ...values,
        created_by: by.userId,
      });
      await this.deps.audit.record(
        actor,
        "notice.publish",
        { type: "notice", id: noticeId },
        null,
        { title: input.title, notice: input.content },
      );
      const row = await this.deps.repo.findNotice(noticeId);
      if (row)
        await this.deps.publish.toAll(
          "simple",
          toNoticeMessage(row, by.publicUrl),
        );
      return;
    }
    const was = await this.deps.repo.findNotice(input.msgId);
    if (!was) throw refuse("notice.notFound");
    await this.deps.repo.updateNotice(input.msgId, values);
    await this.deps.audit.record(
      actor,
      "notice.edit",
      { type: "notice", id: input.msgId },
      { title: was.title, notice: was.body },
      { title: input.title, notice: input.content },
    );
    await this.deps.publish.toAll("updateMessage", {
      id: noticeMessageId(input.msgId),
      type: "text",
      content: noticeHtml(input.title, input.content),
    });
  }

  /** `manage/index/delNotice`: withdraws a notice from everyone (`delMessage`). */
  async remove(by: Publisher, noticeId: number): Promise<void> {
    this.mayPublish(by);
    const was = await this.deps.repo.findNotice(noticeId);
    if (!was || !(await this.deps.repo.deleteNotice(noticeId)))
      throw refuse("notice.notFound");
    await this.deps.audit.record(
      await this.auditActor(by),
      "notice.delete",
      { type: "notice", id: noticeId },
      { title: was.title, notice: was.body },
      null,
    );
    await this.deps.publish.toAll("delMessage", {
      id: noticeMessageId(noticeId),
      msg_id: noticeId,
      from_user: was.created_by,
      toContactId: "admin_notice",
    });
  }

  /**
   * The notices entry's history (getMessageList with `admin_notice`): the newest `limit`
   * before `last_id`, oldest first within the page, like any chat; reading it marks every
   * notice read.
   */
  async history(
    userId: number,
    input: { last_id?: number | undefined; limit?: number | undefined },
    publicUrl: string,
  ): Promise<{ messages: Message[]; count: number }> {
    const limit = input.limit ?? Limits.messagePageSize;
    const [rows, count] = await Promise.all([
      this.deps.repo.noticesBefore(input.last_id ?? 0, limit),
      this.deps.repo.countNotices(),
    ]);
    if ((input.last_id ?? 0) === 0) await this.read(userId);
    return {
      messages: rows.reverse().map((row) => toNoticeMessage(row, publicUrl)),
      count,
    };
  }

  /** setMsgIsRead with `admin_notice`: every notice read. */
  async read(userId: number): Promise<void> {
    await this.deps.repo.markRead(userId);
    // No event tells the reader: their list's notices entry is read again (its badge).
    await this.events.emit("read", { userId });
  }

  /**
   * What the notices entry of a user's contact list shows but its name: its last line,
   * the newest notice or published article, whichever came later (the entry's second tab
   * lists the articles), and its badge, the unread notices.
   */
  async entryState(userId: number): Promise<NoticeEntryState> {
    const [entry, article] = await Promise.all([
      this.deps.repo.entryFor(userId),
      this.deps.articles.newest(),
    ]);
    const newest =
      article && (!entry.newest || article.created_at > entry.newest.created_at)
        ? article
        : entry.newest;
    return { ...entry, newest };
  }

  private mayPublish(by: Publisher): void {
    const why = denial(this.deps.policy.actor(by), "console.publishNotice");
    if (why === "demo") throw refuse("demo.readOnly");
    if (why !== null) throw refuse("notice.superOnly");
  }

  private auditActor(by: Publisher) {
    return auditActorOf(this.deps.accounts, by);
  }
}
