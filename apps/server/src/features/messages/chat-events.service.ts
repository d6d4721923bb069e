import { randomUUID } from "node:crypto";
import { type Message } from "@parley/protocol";
import type { ActiveUser } from "../accounts/accounts.service.js";
import { toSender } from "../accounts/accounts.mapper.js";
import { toMessage } from "./messages.mapper.js";
import { directConversationId } from "../../db/conversation-ids.js";
import type { MessageRow } from "./message-store.repository.js";

import type { MessagesDeps } from "./messages.deps.js";

/**
 * The lines the server itself writes into a chat: a group's events (created, renamed,
 * joined…, and the notice to everyone) and a one-to-one chat's (two people became friends).
 */
export class ChatEventsService {
  constructor(
    private readonly deps: Pick<MessagesDeps, "repo" | "clock" | "publish">,
  ) {}

  /**
   * A line the server writes into a group's chat (created, renamed, joined…): stored as an
   * `event` message from the user who acted, then pushed once to the members. `content` is
   * the text existing clients show; `extends.event` names it for clients that translate.
   */
  async postGroupEvent(
    group: { groupId: number; memberIds: readonly number[] },
    actor: ActiveUser,
    event: {
      name: string;
      content: string;
      params?: Record<string, unknown>;
      /** A visible text message mentioning everyone (the notice), not an event line. */
      toEveryone?: boolean;
    },
    publicUrl: string,
  ): Promise<Message> {
    const row = await this.deps.repo.storeGroupMessage(
      {
        groupId: group.groupId,
        clientMsgId: randomUUID(),
        fromUser: actor.user_id,
        type: event.toEveryone ? "text" : "event",
        content: event.content,
        at: event.toEveryone ? [0] : [],
        pid: null,
        extends: { event: event.name, actor: actor.realname, ...event.params },
      },
      () => this.deps.clock.now(),
    );
    const contactId = `group-${group.groupId}`;
    const message = toMessage(
      row,
      toSender(actor, publicUrl),
      {
        toContactId: contactId,
        toUser: contactId,
      },
      publicUrl,
    );
    await this.deps.publish.toUsers(group.memberIds, "group", message);
    return message;
  }
  /**
   * A line the server writes into a one-to-one chat (two people became friends): stored as
   * an `event` message from `actor` to `peer`, so both lists show the chat with it. Not
   * pushed: the caller's own event tells both sides. `content` is the text existing
   * clients show; `extends.event` names it for clients that translate.
   */
  async postDirectEvent(
    actor: number,
    peer: number,
    event: { name: string; content: string },
  ): Promise<MessageRow> {
    return this.deps.repo.storeDirectMessage(
      {
        conversationId: directConversationId(actor, peer),
        clientMsgId: randomUUID(),
        fromUser: actor,
        toUser: peer,
        type: "event",
        content: event.content,
        pid: null,
        extends: { event: event.name },
      },
      () => this.deps.clock.now(),
    );
  }
}
