import {
  groupContactId,
  isReactionEmoji,
  type Message,
  type Reaction,
  ReactionLimits,
  SELF_CHAT_KIND,
} from "@parley/protocol";
import type { Publish } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import type { ChatRules } from "./chat-rules.js";
import { contactOf, partiesOf } from "./message-actions.service.js";
import type { GroupMembers } from "./messages.deps.js";
import type { ReactionsRepository } from "./reactions.repository.js";
import type { SeenMessage } from "./messages.service.js";
import type { MessageRow } from "./message-store.repository.js";

/**
 * Messages with their reactions, read for the whole page at once (extensions.md §1: every
 * message a client receives carries them).
 */
export async function withReactions<M extends Message>(
  reactionsOf: (msgIds: readonly number[]) => Promise<Map<number, Reaction[]>>,
  messages: M[],
): Promise<M[]> {
  if (messages.length === 0) return messages;
  const found = await reactionsOf(messages.map((m) => m.msg_id));
  if (found.size === 0) return messages;
  return messages.map((m) => {
    const reactions = found.get(m.msg_id);
    return reactions ? { ...m, reactions } : m;
  });
}

export interface ReactionsDeps {
  repo: ReactionsRepository;
  /** Whether a user can see a stored message (the history service's rule). */
  seenBy: (userId: number, row: MessageRow) => Promise<SeenMessage | null>;
  /** Whether a user may send to a chat now (the chat rules'); refuses as a send would. */
  mayReach: ChatRules["mayReach"];
  publish: Publish;
  clock: Clock;
  /** Groups and their members (a read interface: app.ts wires it). */
  groups: GroupMembers;
}

/**
 * Reactions (extensions.md §1): whoever can see a message and may send in its chat adds or
 * takes away a reaction with one emoji; everyone who shows the message hears the whole
 * new list after the commit. Both calls are idempotent, and a foreign message answers like
 * a missing one.
 */
export class ReactionsService {
  /** Each message's push under way, and whether a change came since it read the list. */
  private readonly announcing = new Map<
    number,
    { again: boolean; done: Promise<void> }
  >();

  constructor(private readonly deps: ReactionsDeps) {}

  /** `react`: my reaction with `emoji` on the message `clientId` names. */
  react(userId: number, clientId: string, emoji: string): Promise<Reaction[]> {
    return this.change(userId, clientId, emoji, async (msgId) => {
      const added = await this.deps.repo.addReaction({
        msgId,
        userId,
        emoji,
        now: this.deps.clock.now(),
      });
      if (added === "full")
        throw refuse("reaction.tooMany", {
          max: ReactionLimits.emojisPerMessage,
        });
      return added === "added";
    });
  }

  /** `unreact`: takes my reaction with `emoji` away (nothing to take is no error). */
  unreact(
    userId: number,
    clientId: string,
    emoji: string,
  ): Promise<Reaction[]> {
    return this.change(userId, clientId, emoji, (msgId) =>
      this.deps.repo.removeReaction({ msgId, userId, emoji }),
    );
  }

  /**
   * A change of my reactions on a message I may react to: `apply` answers whether it
   * changed anything; the answer is the message's reactions, told to others on a change.
   */
  private async change(
    userId: number,
    clientId: string,
    emoji: string,
    apply: (msgId: number) => Promise<boolean>,
  ): Promise<Reaction[]> {
    if (!isReactionEmoji(emoji)) throw refuse("reaction.invalidEmoji");
    const row = await this.reactable(userId, clientId);
    return this.answer(row, await apply(row.msg_id));
  }

  /** The reactions of a page of messages (absent: none). */
  reactionsOf(msgIds: readonly number[]): Promise<Map<number, Reaction[]>> {
    return this.deps.repo.reactionsOf(msgIds);
  }

  /**
   * The message a client id names, when the user can see it and may send in its chat now:
   * a muted or silenced member, a stranger or a withdrawn message is refused.
   */
  private async reactable(
    userId: number,
    clientId: string,
  ): Promise<MessageRow> {
    let seen: SeenMessage | null = null;
    for (const row of await this.deps.repo.findAllByClientId(
      clientId,
      userId,
    )) {
      seen = await this.deps.seenBy(userId, row);
      if (seen) break;
    }
    if (!seen) throw refuse("message.notFound");
    const { row } = seen;
    if (row.is_undo === 1) throw refuse("message.alreadyWithdrawn");
    await this.deps.mayReach(userId, contactOf(row, userId));
    return row;
  }

  /** The message's reactions now; when they changed, told to whoever shows it. */
  private async answer(row: MessageRow, changed: boolean): Promise<Reaction[]> {
    const reactions =
      (await this.deps.repo.reactionsOf([row.msg_id])).get(row.msg_id) ?? [];
    if (changed) await this.announce(row, reactions);
    return reactions;
  }

  /**
   * Tells whoever shows the message its reactions as they are after every change so far:
   * one read and one push at a time per message, and changes that come meanwhile share the
   * next one (a storm of 200 reactions is a few pushes, not 200 racing ones). The last push
   * always follows the last commit, so no screen is left showing an older list.
   */
  private announce(row: MessageRow, read: Reaction[]): Promise<void> {
    const running = this.announcing.get(row.msg_id);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        // The list the change's answer read after its commit is pushed as it is; a
        // change that came meanwhile reads the list again.
        await this.publish(row, read);
        while (entry.again) {
          entry.again = false;
          const reactions =
            (await this.deps.repo.reactionsOf([row.msg_id])).get(row.msg_id) ??
            [];
          await this.publish(row, reactions);
        }
      } finally {
        this.announcing.delete(row.msg_id);
      }
    })();
    this.announcing.set(row.msg_id, entry);
    return entry.done;
  }

  private async publish(row: MessageRow, reactions: Reaction[]): Promise<void> {
    const { publish } = this.deps;
    const event = (toContactId: number | string) => ({
      id: row.client_msg_id,
      toContactId,
      // A note to oneself is the chat -1, of kind 3 (wire-contract.md §4.4).
      is_group:
        row.is_group === 0 && row.from_user === row.to_user
          ? SELF_CHAT_KIND
          : row.is_group,
      reactions,
    });
    if (row.is_group === 1) {
      // Not to a member the group's history setting hides the message from.
      const members = await this.deps.groups.viewerIds(row.to_user, row.seq);
      await publish.toUsers(
        members,
        "reaction",
        event(groupContactId(row.to_user)),
      );
    } else {
      for (const viewer of partiesOf(row))
        await publish.toUsers(
          [viewer],
          "reaction",
          event(contactOf(row, viewer)),
        );
    }
  }
}
