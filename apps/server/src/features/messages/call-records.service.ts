import type { ActiveUser } from "../accounts/accounts.service.js";
import { toSender } from "../accounts/accounts.mapper.js";
import { toMessage } from "./messages.mapper.js";
import { directConversationId } from "../../db/conversation-ids.js";
import type { MessageRow } from "./message-store.repository.js";
import type { MessagesRepository } from "./messages.repository.js";

import type { MessagesDeps } from "./messages.deps.js";
import { type ChatRules } from "./chat-rules.js";

/** A call's record in its one-to-one chat (wire-contract.md §5.10), for the calls feature. */
export class CallRecordsService {
  private readonly repo: MessagesRepository;

  constructor(
    private readonly deps: Pick<MessagesDeps, "repo" | "clock" | "publish">,
    private readonly rules: ChatRules,
  ) {
    this.repo = deps.repo;
  }

  /**
   * A call's record (a `webrtc` message from the caller, wire-contract.md §5.10), stored
   * like any one-to-one message once the caller may call; the call's id is its client id,
   * so a repeated `calling` answers the record already stored.
   */
  async storeCallRecord(call: {
    id: string;
    caller: number;
    callee: number;
    content: string;
    extends: Record<string, unknown>;
  }): Promise<MessageRow> {
    const stored = await this.repo.findByClientId(call.caller, call.id);
    if (stored) return stored;
    return this.repo.storeDirectMessage(
      {
        conversationId: directConversationId(call.caller, call.callee),
        clientMsgId: call.id,
        fromUser: call.caller,
        toUser: call.callee,
        type: "webrtc",
        content: call.content,
        pid: null,
        extends: call.extends,
      },
      () => this.deps.clock.now(),
    );
  }

  /**
   * A call's record that no `webrtc` step announces (a call that found the callee in
   * another call): pushed to the callee like any message, so their chat shows the missed
   * call at once.
   */
  async announceCallRecord(
    row: MessageRow,
    caller: ActiveUser,
    publicUrl: string,
  ): Promise<void> {
    await this.deps.publish.toUsers(
      [row.to_user],
      "simple",
      toMessage(
        row,
        toSender(caller, publicUrl),
        { toContactId: caller.user_id, toUser: row.to_user },
        publicUrl,
      ),
    );
  }

  /** A call's record once it ends: how it ended and how long it lasted. */
  updateCallRecord(
    msgId: number,
    content: string,
    extendsValue: Record<string, unknown>,
  ): Promise<void> {
    return this.repo.updateCallRecord(
      msgId,
      content,
      JSON.stringify(extendsValue),
    );
  }

  /** Whether a user may chat one-to-one with another now: refused as a send would be. */
  async mayChatWith(
    userId: number,
    peerId: number,
  ): Promise<{ me: ActiveUser; peer: ActiveUser }> {
    const me = await this.rules.activeUser(userId);
    const peer = await this.rules.peerOf(userId, peerId);
    await this.rules.mayChat(me, peer);
    return { me, peer };
  }
}
