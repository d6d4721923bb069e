import { randomUUID } from "node:crypto";
import {
  groupContactId,
  messages as messageCalls,
  parseCallRequest,
  textToHtml,
} from "@parley/protocol";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { shownText } from "../../lib/message-html.js";
import { FetchRefused } from "../../lib/public-fetch.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { MessagesService } from "../messages/messages.service.js";
import type { HooksRepository } from "./hooks.repository.js";
import { postSigned, type ToolReach, toolAnswer } from "./signed-post.js";

/*
 * Outgoing webhooks (issue 48, extensions.md §9). A text message in a group whose first
 * word is one of a hook's trigger words (any case) is POSTed to the hook's address as
 * JSON, signed with the hook's key (`X-Parley-Signature: sha256=<hex HMAC-SHA256 of the
 * body>`); an answer `{text}` is posted back in the group by the hook's bot. Messages from
 * bots never trigger one (two hooks cannot answer each other for ever).
 *
 * The send never waits for the POST: the message's listener only writes the POST to
 * `hook_outbox` (committed, so a restart loses none) and wakes the worker, which makes the
 * POSTs due, one process per POST (a claim), under the address rules of link previews
 * (§5: only public addresses, checked on the connected address; LINK_PREVIEW_ALLOW_HOSTS
 * and HOOK_ALLOW_HOSTS name intranet hosts). A POST that fails (no answer in time, a
 * refused address, a status other than 2xx) is tried again after 10 s, 1 min, 5 min and
 * 30 min, then given up; each try is logged with the hook's deliveries.
 */

/** Waits before each try again, ms: the fifth try is the last. */
export const RETRY_AFTER_MS = [10_000, 60_000, 300_000, 1_800_000] as const;
/** How long one POST may take, ms. */
export const POST_TIMEOUT_MS = 5_000;
/** POSTs taken at a time. */
const BATCH = 10;
/** A claim's length: past it, another process takes a POST this one did not finish. */
const CLAIM_MS = 60_000;
/** How long a group's trigger words are kept in memory, ms. */
const TRIGGERS_KEPT_MS = 10_000;

/** A message's text as its sender typed it: line breaks back, tags gone, entities decoded. */
export function typedText(content: string): string {
  return shownText(content.replace(/<br\s*\/?>/gi, "\n"));
}

export interface OutgoingDeps {
  repo: HooksRepository;
  clock: Clock;
  logger: Logger;
  messages: Pick<MessagesService, "send">;
  /** The box hooks' keys are sealed in (the installation's secret). */
  box: () => Promise<SecretBox>;
  fetch: ToolReach;
  /** PUBLIC_URL, for the answers posted. */
  publicUrl: string;
}

/** What a stored group text message tells the hooks. */
export interface GroupText {
  groupId: number;
  groupName: string;
  senderId: number;
  senderName: string;
  fromBot: boolean;
  content: string;
  sentAt: number;
}

export class OutgoingHooks {
  /** Each group's outgoing hooks, as last read (a group without any is kept too). */
  private readonly triggers = new Map<
    number,
    {
      at: number;
      hooks: { hook_id: number; words: string[]; token: string }[];
    }
  >();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly deps: OutgoingDeps) {}

  /** Forgets what is kept of a group's hooks (one was added or deleted). */
  forget(groupId: number): void {
    this.triggers.delete(groupId);
  }

  private async hooksOf(groupId: number) {
    const now = this.deps.clock.now();
    const kept = this.triggers.get(groupId);
    if (kept && now - kept.at < TRIGGERS_KEPT_MS) return kept.hooks;
    const rows = await this.deps.repo.outgoingHooks(groupId);
    const hooks = rows.map((row) => ({
      hook_id: row.hook_id,
      words: (row.triggers ?? "").split(",").filter((word) => word !== ""),
      token: row.token ?? "",
    }));
    if (this.triggers.size > 10_000) this.triggers.clear();
    this.triggers.set(groupId, { at: now, hooks });
    return hooks;
  }

  /**
   * A group's text message, once stored: a POST for each hook whose trigger word starts
   * it, written to the outbox. Never throws: the send it follows is done already.
   */
  async textSent(message: GroupText): Promise<void> {
    if (message.fromBot) return;
    try {
      const hooks = await this.hooksOf(message.groupId);
      if (hooks.length === 0) return;
      const text = typedText(message.content);
      const first = text.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? "";
      const now = this.deps.clock.now();
      let queued = false;
      for (const hook of hooks) {
        const word = hook.words.find((w) => w === first);
        if (!word) continue;
        const body = JSON.stringify({
          token: hook.token,
          channel_id: groupContactId(message.groupId),
          channel_name: message.groupName,
          user_id: message.senderId,
          user_name: message.senderName,
          text,
          trigger_word: word,
          timestamp: Math.floor(message.sentAt / 1000),
        });
        await this.deps.repo.enqueuePost({ hook_id: hook.hook_id, body, now });
        queued = true;
      }
      if (queued) this.wake();
    } catch (error) {
      this.deps.logger.error({ err: error }, "outgoing hook not queued");
    }
  }

  /** Starts the worker, or has it look once more when it is at work. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error }, "outgoing hooks failed");
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        } else void this.sleepUntilDue();
      });
  }

  private open(): boolean {
    return !this.closed;
  }

  private busy(): boolean {
    return this.running !== null;
  }

  /** Resolves once no POST is being made (tests wait for their hooks so). */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops: no new POST starts; the ones under way finish. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.whenIdle();
  }

  /** Wakes the worker when the next POST falls due (another process's included). */
  private async sleepUntilDue(): Promise<void> {
    if (this.closed) return;
    const next = await this.deps.repo.nextPostAt().catch(() => null);
    // A close or a new run may have come meanwhile.
    if (next === null || !this.open() || this.busy()) return;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, next - this.deps.clock.now());
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.wake();
      },
      Math.min(wait, CLAIM_MS) + 50,
    );
    this.timer.unref();
  }

  private async work(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const now = this.deps.clock.now();
      const jobs = await this.deps.repo.claimDuePosts(
        now,
        now + CLAIM_MS,
        BATCH,
      );
      if (jobs.length === 0) return;
      await Promise.all(jobs.map((job) => this.post(job)));
    }
  }

  private async post(job: {
    job_id: number;
    hook_id: number;
    body: string;
    attempts: number;
    hook: {
      url: string | null;
      secret_sealed: string | null;
      bot_user_id: number;
      group_id: number;
    };
  }): Promise<void> {
    const { repo, clock } = this.deps;
    const log = (ok: boolean, detail: string) =>
      repo.addDelivery({
        hook_id: job.hook_id,
        at: clock.now(),
        ok: ok ? 1 : 0,
        detail,
      });
    const key = job.hook.secret_sealed
      ? (await this.deps.box()).open(job.hook.secret_sealed)
      : null;
    if (!job.hook.url || key === null) {
      await log(false, "no address or key");
      await repo.dropPost(job.job_id);
      return;
    }
    let text: string | null;
    try {
      const answer = await postSigned(
        job.hook.url,
        { text: job.body, contentType: "application/json" },
        key,
        {
          ...this.deps.fetch,
          timeoutMs: POST_TIMEOUT_MS,
          userAgent: "Parley outgoing webhook",
        },
      );
      text = toolAnswer(answer.contentType, answer.body)?.text ?? null;
    } catch (error) {
      const why =
        error instanceof FetchRefused
          ? error.message.replace(/^fetch refused /, "")
          : "failed";
      const wait = RETRY_AFTER_MS[job.attempts - 1];
      // A refused address will not change: no try again.
      const final =
        wait === undefined ||
        (error instanceof FetchRefused &&
          ["address", "port", "scheme"].includes(error.reason));
      await log(false, final ? `${why}; given up` : `${why}; trying again`);
      if (final) await repo.dropPost(job.job_id);
      else await repo.retryPost(job.job_id, clock.now() + wait);
      return;
    }
    await repo.dropPost(job.job_id);
    if (text === null) {
      await log(true, "answered");
      return;
    }
    const input = parseCallRequest(messageCalls.sendMessage, {
      id: randomUUID(),
      type: "text",
      content: textToHtml(text),
      toContactId: groupContactId(job.hook.group_id),
    });
    if (!input.success) {
      await log(false, "answer too long");
      return;
    }
    try {
      await this.deps.messages.send(
        job.hook.bot_user_id,
        input.data,
        this.deps.publicUrl,
      );
      await log(true, "answered; posted");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await log(false, `answer not posted: ${error.key}`);
    }
  }
}
