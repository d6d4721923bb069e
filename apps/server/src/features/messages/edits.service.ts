import { denial, type Message, type MessageEdit } from "@parley/protocol";
import type { Policy, Publish } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import type { ChatRules } from "./chat-rules.js";
import type { EditsRepository } from "./edits.repository.js";
import type { Emitter } from "../../events.js";
import { announceLink } from "./link-preview.service.js";
import { resolveMentions } from "./mentions.js";
import type { MessageEventMap } from "./messages.ports.js";
import { contactOf, partiesOf } from "./message-actions.service.js";
import type { MessageRow } from "./message-store.repository.js";
import type { GroupMembers } from "./messages.deps.js";
import type { MessagesService, SeenMessage } from "./messages.service.js";
import { checkedContent } from "./send-input.js";
import { parseJsonObject } from "../../lib/json.js";
import { wireExtends } from "./messages.mapper.js";

export interface EditsDeps {
  repo: EditsRepository;
  /** Whether a user can see a stored message (the history service's rule). */
  seenBy: MessagesService["seenBy"];
  /** Whether a user may send to a chat now (the chat rules'); refuses as a send would. */
  mayReach: ChatRules["mayReach"];
  /** Stored messages as one reader sees them. */
  presentFor: MessagesService["presentFor"];
  publish: Publish;
  policy: Policy;
  clock: Clock;
  /** Groups and their members (a read interface: app.ts wires it). */
  groups: GroupMembers;
  /** What messages tells the features above (a new link to preview). */
  events: Emitter<MessageEventMap>;
}

/**
 * A message's `extends` after an edit that no longer shows its link preview's address:
 * without the preview (a new link is previewed afresh after the commit).
 */
function previewAfter(
  row: MessageRow,
  content: string,
): { extends: string } | Record<string, never> {
  const ext = parseJsonObject(row.extends);
  const preview = ext.linkPreview;
  if (typeof preview !== "object" || preview === null) return {};
  const url = (preview as { url?: unknown }).url;
  if (
    typeof url === "string" &&
    content.includes(`href="${url.replaceAll("&", "&amp;")}"`)
  )
    return {};
  const rest = { ...ext };
  delete rest.linkPreview;
  return { extends: JSON.stringify(rest) };
}

/**
 * A message's mentions after an edit naming `named`: what it mentioned before and the
 * newly named, who are counted once; nothing new when it mentioned everyone already.
 */
function mentionsAfter(
  row: MessageRow,
  named: readonly number[],
): { at: string; newly: number[] } {
  const before = row.at === "" ? [] : row.at.split(",").map(Number);
  if (before.includes(0)) return { at: row.at, newly: [] };
  const newly = named.filter((id) => !before.includes(id));
  if (newly.length === 0) return { at: row.at, newly: [] };
  const at = newly.includes(0) ? [0] : [...before, ...newly];
  return { at: at.join(","), newly };
}

/**
 * Editing a sent message (extensions.md §2): its sender replaces a text message's content
 * within `chatInfo.editTime`, while they may still send to its chat; the text is made
 * safe exactly as a send makes it. The replaced version goes to the message's history,
 * which anyone who sees the message may read. Everyone who shows it hears `updateMessage`
 * (old clients replace the content). A mention added by an edit counts once.
 */
export class EditsService {
  constructor(private readonly deps: EditsDeps) {}

  /** `editMessage`: answers the edited message as its sender sees it. */
  async edit(
    userId: number,
    input: { id: string; content: string; at?: string[] | undefined },
    publicUrl: string,
  ): Promise<Message> {
    const content = checkedContent(input.content);
    const { row } = await this.visible(userId, input.id);
    const me = await this.deps.mayReach(userId, contactOf(row, userId));
    const actor = this.deps.policy.actor({ userId, role: me.role });
    const config = await this.deps.policy.config();
    const named = await this.named(userId, row, input.at);
    const result = await this.deps.repo.storeEdit(row.msg_id, (current) => {
      const now = this.deps.clock.now();
      const why = denial(actor, "message.edit", {
        config,
        message: {
          fromUser: current.from_user,
          sendTime: current.created_at,
          type: current.type,
          withdrawn: current.is_undo === 1,
        },
        now,
      });
      if (why === "expired")
        throw refuse("message.editExpired", {
          minutes: String(
            Math.max(1, Math.round(Number(config.chatInfo.editTime) / 60)),
          ),
        });
      if (why !== null)
        throw refuse(
          current.is_undo === 1
            ? "message.alreadyWithdrawn"
            : "message.editDenied",
        );
      const mentions = mentionsAfter(current, named);
      if (content === current.content && mentions.newly.length === 0)
        return null;
      return {
        content,
        at: mentions.at,
        newlyMentioned: mentions.newly,
        now: Math.max(now, current.edit_time + 1),
        ...previewAfter(current, content),
      };
    });
    if (!result) throw refuse("message.notFound");
    if (result.changed) {
      await this.announce(result.row);
      await announceLink(this.deps.events, result.row);
    }
    return this.present(userId, result.row, publicUrl);
  }

  /** `messageEdits`: the earlier versions of a message the caller can see, oldest first. */
  async history(userId: number, clientId: string): Promise<MessageEdit[]> {
    const { row } = await this.visible(userId, clientId);
    if (row.is_undo === 1) return [];
    return this.deps.repo.listEdits(row.msg_id);
  }

  /** The message a client id names, as the caller can see it; refused like a missing one. */
  private async visible(
    userId: number,
    clientId: string,
  ): Promise<SeenMessage> {
    for (const row of await this.deps.repo.findAllByClientId(
      clientId,
      userId,
    )) {
      const seen = await this.deps.seenBy(userId, row);
      if (seen) return seen;
    }
    throw refuse("message.notFound");
  }

  /**
   * Whom an edit of a group message names (`at`): members, and everyone from its owner or
   * an administrator; nobody elsewhere.
   */
  private async named(
    userId: number,
    row: MessageRow,
    raw: readonly string[] | undefined,
  ): Promise<number[]> {
    if (row.is_group !== 1 || raw === undefined || raw.length === 0) return [];
    const standing = await this.deps.groups.chatStanding(row.to_user, userId);
    if (!standing) throw refuse("message.notFound");
    const named = await resolveMentions(
      this.deps.groups,
      row.to_user,
      standing.member,
      raw,
    );
    return named.filter((id) => id !== userId);
  }

  /**
   * `updateMessage` to everyone who shows the message, after the commit; with its whole
   * `extends` (beyond §2's fields: a link preview the edit took away goes everywhere).
   */
  private async announce(row: MessageRow): Promise<void> {
    const event = {
      id: row.client_msg_id,
      type: row.type,
      content: row.content,
      editTime: row.edit_time,
      extends: wireExtends(row.type, parseJsonObject(row.extends)),
    };
    const audience =
      row.is_group === 1
        ? await this.deps.groups.viewerIds(row.to_user, row.seq)
        : partiesOf(row);
    await this.deps.publish.toUsers(audience, "updateMessage", event);
  }

  private async present(
    userId: number,
    row: MessageRow,
    publicUrl: string,
  ): Promise<Message> {
    const [message] = await this.deps.presentFor(userId, [row], publicUrl);
    if (!message) throw refuse("message.notFound");
    return message;
  }
}
