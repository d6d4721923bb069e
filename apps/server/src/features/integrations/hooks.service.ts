import { randomUUID } from "node:crypto";
import {
  groupContactId,
  type Hook,
  HOOK_LOG_SIZE,
  HOOKS_PER_GROUP_MAX,
  messages as messageCalls,
  parseCallRequest,
  textToHtml,
  triggerWords,
} from "@parley/protocol";
import type { Clock } from "../../lib/clock.js";
import { AppError, rateLimited, refuse } from "../../lib/errors.js";
import { hashSecret, newToken } from "../../lib/ids.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { AccountsService } from "../accounts/accounts.service.js";
import type { GroupsService } from "../groups/groups.service.js";
import type { MessagesService } from "../messages/messages.service.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { HooksRepository } from "./hooks.repository.js";

/*
 * A group's webhooks (issue 48, extensions.md §9). A group's owner or administrators (or a
 * system administrator) make one: a bot account made with it joins the group. An incoming
 * hook's URL, `/hooks/<secret>`, takes Slack's payload and posts its text in the group as
 * that bot; its secret is kept only hashed. An outgoing hook (outgoing.service.ts) POSTs
 * messages starting with its trigger words; its key is kept sealed, for it signs each
 * POST. Deleting a hook stops it and takes its bot away. Each call is logged (the newest HOOK_LOG_SIZE) for the group's managers, and
 * each hook has a rate limit of its own.
 */

export interface HooksDeps {
  repo: HooksRepository;
  clock: Clock;
  accounts: Pick<AccountsService, "bots">;
  groups: Pick<GroupsService, "mayManageHooks" | "addHookBot">;
  messages: Pick<MessagesService, "send">;
  perHook: Limiter;
  /** The box outgoing hooks' keys are sealed in (the installation's secret). */
  box: () => Promise<SecretBox>;
  /** Told when a group's outgoing hooks change (what is kept of them is read again). */
  changed: (groupId: number) => void;
}

/** The most text one delivery posts (a message's limit applies after). */
const PAYLOAD_TEXT_MAX = 20_000;

/** Slack's payload as text: its `text`, then each attachment's pretext, title, text or fallback. */
export function payloadText(payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null) return null;
  const body = payload as Record<string, unknown>;
  const parts: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === "string" && value.trim() !== "")
      parts.push(value.trim());
  };
  add(body.text);
  if (Array.isArray(body.attachments))
    for (const item of body.attachments.slice(0, 20)) {
      if (typeof item !== "object" || item === null) continue;
      const attachment = item as Record<string, unknown>;
      add(attachment.pretext);
      add(attachment.title);
      if (typeof attachment.text === "string" && attachment.text.trim() !== "")
        add(attachment.text);
      else add(attachment.fallback);
    }
  return parts.join("\n").slice(0, PAYLOAD_TEXT_MAX);
}

/** The most of Slack's `username` shown. */
const USERNAME_MAX = 32;

/** Slack's `username`, shown instead of the bot's name: trimmed text, one line. */
export function usernameOf(payload: unknown): { hookName?: string } {
  if (typeof payload !== "object" || payload === null) return {};
  const name = (payload as Record<string, unknown>).username;
  if (typeof name !== "string") return {};
  const line = name.replace(/\s+/g, " ").trim().slice(0, USERNAME_MAX);
  return line === "" ? {} : { hookName: line };
}

/** The payload a request brings: JSON, or a form whose `payload` field holds the JSON. */
export function payloadOf(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return null;
  const form = body as Record<string, unknown>;
  if (typeof form.payload === "string") {
    try {
      return JSON.parse(form.payload) as unknown;
    } catch {
      return null;
    }
  }
  return body;
}

export class HooksService {
  constructor(private readonly deps: HooksDeps) {}

  /**
   * `enterprise/group/addHook`: a hook and its bot in the group; an incoming hook's URL or
   * an outgoing hook's key, shown once.
   */
  async add(
    userId: number,
    input: {
      id: number;
      kind: "incoming" | "outgoing";
      name: string;
      url?: string | undefined;
      triggers?: string | undefined;
    },
    publicUrl: string,
  ): Promise<
    { hook_id: number; url: string } | { hook_id: number; secret: string }
  > {
    const groupId = input.id;
    await this.deps.groups.mayManageHooks(userId, groupId);
    if ((await this.deps.repo.countHooks(groupId)) >= HOOKS_PER_GROUP_MAX)
      throw refuse("hook.tooMany");
    const botId = await this.deps.accounts.bots.createHookBot(
      input.name,
      userId,
    );
    await this.deps.groups.addHookBot(groupId, botId, userId, publicUrl);
    const secret = newToken();
    const hook = {
      group_id: groupId,
      name: input.name,
      secret_hash: hashSecret(secret),
      bot_user_id: botId,
      created_by: userId,
      created_at: this.deps.clock.now(),
    };
    if (input.kind === "outgoing") {
      const hookId = await this.deps.repo.insertHook({
        ...hook,
        kind: "outgoing",
        url: input.url ?? "",
        triggers: (triggerWords(input.triggers ?? "") ?? []).join(","),
        token: newToken(),
        secret_sealed: (await this.deps.box()).seal(secret),
      });
      this.deps.changed(groupId);
      return { hook_id: hookId, secret };
    }
    const hookId = await this.deps.repo.insertHook({
      ...hook,
      kind: "incoming",
    });
    return { hook_id: hookId, url: `${publicUrl}/hooks/${secret}` };
  }

  /** `enterprise/group/hooks`: the group's hooks with their newest deliveries. */
  async list(userId: number, groupId: number): Promise<Hook[]> {
    await this.deps.groups.mayManageHooks(userId, groupId);
    const rows = await this.deps.repo.listHooks(groupId);
    const deliveries = await this.deps.repo.listDeliveries(
      rows.map((row) => row.hook_id),
    );
    return rows.map((row) => ({
      hook_id: row.hook_id,
      group_id: row.group_id,
      kind: row.kind === "outgoing" ? "outgoing" : "incoming",
      name: row.name,
      bot_user_id: row.bot_user_id,
      created_at: row.created_at,
      ...(row.kind === "outgoing"
        ? {
            url: row.url ?? "",
            triggers: row.triggers ?? "",
            token: row.token ?? "",
          }
        : {}),
      deliveries: deliveries
        .filter((d) => d.hook_id === row.hook_id)
        .slice(0, HOOK_LOG_SIZE)
        .map((d) => ({ at: d.at, ok: d.ok, detail: d.detail })),
    }));
  }

  /** A hook the user manages; another group's answers like a missing one. */
  private async managed(userId: number, hookId: number) {
    const hook = await this.deps.repo.findHook(hookId);
    if (!hook) throw refuse("hook.notFound");
    try {
      await this.deps.groups.mayManageHooks(userId, hook.group_id);
    } catch (error) {
      if (error instanceof AppError) throw refuse("hook.notFound");
      throw error;
    }
    return hook;
  }

  /** `enterprise/group/rotateHook`: a new secret; the old URL stops at once. */
  async rotate(
    userId: number,
    hookId: number,
    publicUrl: string,
  ): Promise<
    { hook_id: number; url: string } | { hook_id: number; secret: string }
  > {
    const hook = await this.managed(userId, hookId);
    const secret = newToken();
    const outgoing = hook.kind === "outgoing";
    const sealed = outgoing ? (await this.deps.box()).seal(secret) : null;
    if (
      !(await this.deps.repo.setHookSecret(hookId, hashSecret(secret), sealed))
    )
      throw refuse("hook.notFound");
    return outgoing
      ? { hook_id: hookId, secret }
      : { hook_id: hookId, url: `${publicUrl}/hooks/${secret}` };
  }

  /** `enterprise/group/delHook`: the hook and its bot go; a foreign hook is a missing one. */
  async remove(
    userId: number,
    hookId: number,
    publicUrl: string,
  ): Promise<void> {
    const hook = await this.managed(userId, hookId);
    if (!(await this.deps.repo.deleteHook(hookId)))
      throw refuse("hook.notFound");
    await this.deps.accounts.bots.retireHookBot(hook.bot_user_id, publicUrl);
    if (hook.kind === "outgoing") this.deps.changed(hook.group_id);
  }

  /**
   * `POST /hooks/<secret>`: the payload's text posted in the hook's group by its bot.
   * Unknown secrets, refused payloads and the hook's rate limit answer AppErrors (the
   * route gives each its HTTP status); each known hook's call is logged.
   */
  async deliver(
    secret: string,
    body: unknown,
    publicUrl: string,
  ): Promise<void> {
    const hook =
      secret.length > 0 && secret.length <= 128
        ? await this.deps.repo.findHookBySecret(hashSecret(secret))
        : undefined;
    // An outgoing hook's key is no address: it answers like a missing one.
    if (hook?.kind !== "incoming") throw refuse("hook.notFound");
    const log = (ok: boolean, detail: string) =>
      this.deps.repo.addDelivery({
        hook_id: hook.hook_id,
        at: this.deps.clock.now(),
        ok: ok ? 1 : 0,
        detail,
      });
    const waitMs = await this.deps.perHook.take(String(hook.hook_id));
    if (waitMs > 0) {
      await log(false, "rate limited");
      throw rateLimited(waitMs);
    }
    const payload = payloadOf(body);
    const text = payloadText(payload);
    if (text === null) {
      await log(false, "not a webhook message");
      throw refuse("hook.payload");
    }
    if (text === "") {
      await log(false, "no text");
      throw refuse("hook.textRequired");
    }
    const input = parseCallRequest(messageCalls.sendMessage, {
      id: randomUUID(),
      type: "text",
      content: textToHtml(text),
      toContactId: groupContactId(hook.group_id),
    });
    if (!input.success) {
      await log(false, "too long");
      throw refuse("message.tooLong");
    }
    try {
      await this.deps.messages.send(
        hook.bot_user_id,
        { ...input.data, ...usernameOf(payload) },
        publicUrl,
      );
    } catch (error) {
      await log(false, error instanceof AppError ? error.key : "failed");
      throw error;
    }
    await log(true, "posted");
  }
}
