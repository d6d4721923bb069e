import { randomUUID } from "node:crypto";
import {
  type ChatCommand,
  type ContactId,
  commandOf,
  COMMANDS_MAX,
  type ConsoleCommand,
  type Message,
  messages as messageCalls,
  parseCallRequest,
  textToHtml,
} from "@parley/protocol";
import type { Policy } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, rateLimited, refuse } from "../../lib/errors.js";
import { newToken } from "../../lib/ids.js";
import { signToken, verifyToken } from "../../lib/signing.js";
import { FetchRefused } from "../../lib/public-fetch.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { AuditService } from "../audit/audit.service.js";
import type { AccountsService } from "../accounts/accounts.service.js";
import {
  type Admin,
  auditActorOf,
  mayWriteConsole,
} from "../accounts/admin-acts.js";
import type { GroupsService } from "../groups/groups.service.js";
import type {
  CommandChat,
  MessagesService,
  SendInput,
} from "../messages/messages.service.js";
import type { CommandsRepository } from "./commands.repository.js";
import { typedText } from "./outgoing.service.js";
import { postSigned, type ToolReach, toolAnswer } from "./signed-post.js";

/*
 * Slash commands (issue 48, extensions.md §9). An administrator registers `/name` with an
 * address; a bot is made with it. Typed in any chat (`/name text` through sendMessage, by
 * someone who may send there), the command is not stored: the server POSTs Slack's form
 * to its address, signed (`X-Parley-Signature: sha256=<HMAC of the body under the
 * command's token>`), under the address rules of link previews, and waits up to 3 s for
 * `{response_type, text}` (or plain text, ephemeral). An `ephemeral` answer reaches the
 * caller alone (the `ephemeral` event, and the send's answer); `in_channel` is posted in
 * the chat: in a group by the command's bot (which joins the group with its first
 * answer there), in a one-to-one chat by the caller (a bot is no party of it), as
 * Mattermost does. A retried send (the same client id) answers the answer posted.
 */

/** How long a command's `response_url` takes later answers, ms (Slack's 30 minutes). */
export const RESPONSE_URL_LIFETIME_MS = 30 * 60_000;
/** How many later answers one `response_url` takes (Slack's 5). */
export const RESPONSE_URL_USES = 5;
/** The signing key's purpose for `response_url` tokens. */
const RESPONSE_PURPOSE = "command-response";

/** How long a command may take to answer, ms (Slack's 3 s). */
export const COMMAND_TIMEOUT_MS = 3_000;

export interface CommandsDeps {
  repo: CommandsRepository;
  clock: Clock;
  policy: Policy;
  audit: Pick<AuditService, "record">;
  accounts: Pick<AccountsService, "bots" | "activeUser">;
  groups: Pick<GroupsService, "addHookBot" | "membersAmong">;
  messages: Pick<
    MessagesService,
    "send" | "alreadySent" | "commandChat" | "ephemeral"
  >;
  box: () => Promise<SecretBox>;
  signingKey: (purpose: string) => Promise<string>;
  fetch: ToolReach;
  perUser: Limiter;
  /** Later answers per `response_url` (RESPONSE_URL_USES in its lifetime). */
  perResponseUrl: Limiter;
}

export class CommandsService {
  constructor(private readonly deps: CommandsDeps) {}

  /** `manage/Command/add`: a command and its bot; its token answered this once. */
  async add(
    admin: Admin,
    input: { name: string; url: string; description: string },
  ): Promise<{ command_id: number; token: string }> {
    mayWriteConsole(this.deps.policy, admin);
    if ((await this.deps.repo.countCommands()) >= COMMANDS_MAX)
      throw refuse("command.tooMany");
    if (await this.deps.repo.findCommandByName(input.name))
      throw refuse("command.taken");
    const botId = await this.deps.accounts.bots.createHookBot(
      `/${input.name}`,
      admin.userId,
    );
    const token = newToken();
    let commandId: number;
    try {
      commandId = await this.deps.repo.insertCommand({
        name: input.name,
        url: input.url,
        description: input.description,
        token_sealed: (await this.deps.box()).seal(token),
        bot_user_id: botId,
        created_by: admin.userId,
        created_at: this.deps.clock.now(),
      });
    } catch (error) {
      await this.deps.accounts.bots.retireHookBot(botId, admin.publicUrl);
      if (isUniqueViolation(error)) throw refuse("command.taken");
      throw error;
    }
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "command.add",
      { type: "user", id: botId },
      null,
      { name: input.name, url: input.url },
    );
    return { command_id: commandId, token };
  }

  /** `manage/Command/index`: every command (never its token). */
  async list(): Promise<ConsoleCommand[]> {
    const rows = await this.deps.repo.listCommands();
    return rows.map((row) => ({
      command_id: row.command_id,
      name: row.name,
      url: row.url,
      description: row.description,
      bot_user_id: row.bot_user_id,
      created_at: row.created_at,
    }));
  }

  /** `manage/Command/del`: the command and its bot go. */
  async remove(admin: Admin, commandId: number): Promise<void> {
    mayWriteConsole(this.deps.policy, admin);
    const command = await this.deps.repo.findCommand(commandId);
    if (!command || !(await this.deps.repo.deleteCommand(commandId)))
      throw refuse("command.notFound");
    await this.deps.accounts.bots.retireHookBot(
      command.bot_user_id,
      admin.publicUrl,
    );
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "command.delete",
      { type: "user", id: command.bot_user_id },
      { name: command.name, url: command.url },
      null,
    );
  }

  /** `enterprise/im/commands`: what the editor offers after `/`. */
  async offered(): Promise<ChatCommand[]> {
    const rows = await this.deps.repo.listCommands();
    return rows.map((row) => ({
      name: row.name,
      description: row.description,
    }));
  }

  /**
   * A typed text starting with `/`: the command it names run, answered as the send
   * answers; null when it names none (sent as typed) or comes from a bot.
   */
  async run(
    userId: number,
    input: SendInput,
    publicUrl: string,
  ): Promise<Message | null> {
    const typed = typedText(input.content);
    const called = commandOf(typed);
    if (!called) return null;
    const me = await this.deps.accounts.activeUser(userId);
    if (!me || me.is_bot === 1) return null;
    const command = await this.deps.repo.findCommandByName(called.name);
    if (!command) throw refuse("command.unknown", { name: called.name });
    const chat = await this.deps.messages.commandChat(
      userId,
      input.toContactId,
    );
    // A retried send answers the answer posted the first time.
    const posted =
      (await this.deps.messages.alreadySent(
        command.bot_user_id,
        input.id,
        input.toContactId,
        publicUrl,
        "text",
      )) ??
      (await this.deps.messages.alreadySent(
        userId,
        input.id,
        input.toContactId,
        publicUrl,
        "text",
      ));
    if (posted) return posted;
    const waitMs = await this.deps.perUser.take(String(userId));
    if (waitMs > 0) throw rateLimited(waitMs, "message.tooFast");
    const token = (await this.deps.box()).open(command.token_sealed) ?? "";
    const form = new URLSearchParams({
      token,
      command: `/${command.name}`,
      text: called.text,
      user_id: String(userId),
      user_name: chat.userName,
      channel_id: chat.channelId,
      channel_name: chat.channelName,
      response_url: await this.responseUrl(
        command.command_id,
        userId,
        input.toContactId,
        publicUrl,
      ),
    }).toString();
    let answer: ReturnType<typeof toolAnswer>;
    try {
      const fetched = await postSigned(
        command.url,
        { text: form, contentType: "application/x-www-form-urlencoded" },
        token,
        {
          ...this.deps.fetch,
          timeoutMs: COMMAND_TIMEOUT_MS,
          userAgent: "Parley slash command",
        },
      );
      answer = toolAnswer(fetched.contentType, fetched.body);
    } catch (error) {
      if (!(error instanceof FetchRefused)) throw error;
      throw refuse("command.failed", {
        name: command.name,
        reason:
          error.reason === "status"
            ? `HTTP ${error.message.split(": ")[1] ?? ""}`
            : error.reason,
      });
    }
    if (!answer) throw refuse("command.noText", { name: command.name });
    return this.answer(command, userId, chat, input, answer, publicUrl);
  }

  /**
   * A command's answer where it goes: to the caller alone, or posted in the chat (by the
   * command's bot in a group, by the caller in a one-to-one chat), under `sent.id`.
   */
  private async answer(
    command: { name: string; bot_user_id: number },
    userId: number,
    chat: CommandChat,
    sent: { id: string; toContactId: ContactId },
    answer: { text: string; responseType: string },
    publicUrl: string,
  ): Promise<Message> {
    if (answer.responseType !== "in_channel")
      return this.deps.messages.ephemeral(
        userId,
        command.bot_user_id,
        sent,
        textToHtml(answer.text),
        publicUrl,
      );
    const reply = parseCallRequest(messageCalls.sendMessage, {
      id: sent.id,
      type: "text",
      content: textToHtml(answer.text),
      toContactId: sent.toContactId,
    });
    if (!reply.success) throw refuse("message.tooLong");
    if (!chat.isGroup)
      return this.deps.messages.send(userId, reply.data, publicUrl);
    const groupId = Number(chat.channelId.slice("group-".length));
    const botIn = await this.deps.groups.membersAmong(groupId, [
      command.bot_user_id,
    ]);
    if (!botIn.has(command.bot_user_id))
      await this.deps.groups.addHookBot(
        groupId,
        command.bot_user_id,
        userId,
        publicUrl,
      );
    try {
      return await this.deps.messages.send(
        command.bot_user_id,
        reply.data,
        publicUrl,
      );
    } catch (error) {
      if (error instanceof AppError)
        throw refuse("command.failed", {
          name: command.name,
          reason: error.key,
        });
      throw error;
    }
  }

  /** The address a command's later answers go to (Slack's `response_url`). */
  private async responseUrl(
    commandId: number,
    userId: number,
    toContactId: ContactId,
    publicUrl: string,
  ): Promise<string> {
    const token = signToken(
      await this.deps.signingKey(RESPONSE_PURPOSE),
      { c: commandId, u: userId, t: String(toContactId) },
      this.deps.clock.now() + RESPONSE_URL_LIFETIME_MS,
    );
    return `${publicUrl}/hooks/respond/${token}`;
  }

  /**
   * `POST /hooks/respond/<token>`: a later answer of a command to the chat it was run in
   * (`{text, response_type}`), at most RESPONSE_URL_USES times within 30 minutes, while
   * the caller may still send there. A bad or expired token answers like a missing hook.
   */
  async respond(
    token: string,
    body: unknown,
    publicUrl: string,
  ): Promise<void> {
    const now = this.deps.clock.now();
    const grant =
      token.length <= 512
        ? verifyToken(await this.deps.signingKey(RESPONSE_PURPOSE), token, now)
        : null;
    const command = grant
      ? await this.deps.repo.findCommand(Number(grant.data.c))
      : undefined;
    if (!grant || !command) throw refuse("hook.notFound");
    const waitMs = await this.deps.perResponseUrl.take(token.slice(-43));
    if (waitMs > 0) throw rateLimited(waitMs);
    const text = typeof body === "object" && body !== null ? body : {};
    const answer = toolAnswer(
      "application/json",
      Buffer.from(JSON.stringify(text)),
    );
    if (!answer) throw refuse("hook.textRequired");
    const userId = Number(grant.data.u);
    const raw = String(grant.data.t);
    const toContactId: ContactId = /^group-\d+$/.test(raw) ? raw : Number(raw);
    const chat = await this.deps.messages.commandChat(userId, toContactId);
    await this.answer(
      command,
      userId,
      chat,
      { id: randomUUID(), toContactId },
      answer,
      publicUrl,
    );
  }
}
