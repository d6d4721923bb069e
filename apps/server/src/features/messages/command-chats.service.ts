import {
  type ContactId,
  groupContactId,
  type Message,
  SELF_CHAT_ID,
} from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import { toSender } from "../accounts/accounts.mapper.js";
import type { ChatRules } from "./chat-rules.js";
import { groupIdOf } from "./chat-rules.js";
import type { MessagesDeps } from "./messages.deps.js";

/** The chat a slash command was typed in, as its POST names it (extensions.md §9). */
export interface CommandChat {
  isGroup: boolean;
  /** `group-N`, the other party's id, or `-1` for notes to oneself. */
  channelId: string;
  /** The group's name, the other party's, or the caller's own. */
  channelName: string;
  /** The caller's name. */
  userName: string;
}

/**
 * What the messages feature does for slash commands (extensions.md §9): it says whether
 * the caller may send to the chat, and tells an `ephemeral` answer to the caller alone.
 */
export class CommandChatsService {
  constructor(
    private readonly deps: Pick<
      MessagesDeps,
      "groups" | "publish" | "clock" | "accounts"
    >,
    private readonly rules: Pick<ChatRules, "mayReach" | "peerOf">,
  ) {}

  /** The chat, once the caller may send to it (refused as a send would be). */
  async commandChat(
    userId: number,
    toContactId: ContactId,
  ): Promise<CommandChat> {
    const me = await this.rules.mayReach(userId, toContactId);
    const groupId = groupIdOf(toContactId);
    if (groupId !== null) {
      const standing = await this.deps.groups.chatStanding(groupId, userId);
      return {
        isGroup: true,
        channelId: groupContactId(groupId),
        channelName: standing?.name ?? "",
        userName: me.realname,
      };
    }
    if (toContactId === SELF_CHAT_ID)
      return {
        isGroup: false,
        channelId: String(SELF_CHAT_ID),
        channelName: me.realname,
        userName: me.realname,
      };
    const peer = await this.rules.peerOf(userId, toContactId);
    return {
      isGroup: false,
      channelId: String(peer.user_id),
      channelName: peer.realname,
      userName: me.realname,
    };
  }

  /**
   * An answer for the caller alone: the `ephemeral` event to their sockets, and the same
   * as a message from the command's bot, never stored (`msg_id` 0, `extends.ephemeral`
   * 1), which the send answers with in place of the typed command.
   */
  async ephemeral(
    userId: number,
    botId: number,
    input: { id: string; toContactId: ContactId },
    content: string,
    publicUrl: string,
  ): Promise<Message> {
    const isGroup = groupIdOf(input.toContactId) !== null ? 1 : 0;
    await this.deps.publish.toUsers([userId], "ephemeral", {
      toContactId: input.toContactId,
      is_group: isGroup,
      content,
    });
    const bot = await this.deps.accounts.activeUser(botId);
    if (!bot) throw refuse("command.notFound");
    const sender = toSender(bot, publicUrl);
    return {
      msg_id: 0,
      id: input.id,
      seq: 0,
      status: "succeed",
      type: "text",
      content,
      sendTime: this.deps.clock.now(),
      is_read: 1,
      is_group: input.toContactId === SELF_CHAT_ID ? 3 : isGroup,
      at: [],
      toContactId: input.toContactId,
      toUser: input.toContactId,
      from_user: sender.user_id,
      fromUser: sender,
      file_id: 0,
      file_cate: 0,
      fileName: "",
      fileSize: "",
      preview: "",
      download: "",
      extUrl: "",
      role: 3,
      pid: 0,
      extends: { ephemeral: 1 },
      reactions: [],
      editTime: 0,
      thread_id: "",
      thread_broadcast: 0,
    };
  }
}
