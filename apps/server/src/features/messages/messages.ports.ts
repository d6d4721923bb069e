import type { Events } from "../../events.js";
import type { MessagesService } from "./messages.service.js";

/**
 * A group's history: the lines a change in the group leaves, who has read up to where, and
 * the owner's clearing of it.
 */
export type GroupChatLog = Pick<
  MessagesService,
  | "postGroupEvent"
  | "groupReaders"
  | "clearGroupHistory"
  | "unfollowGroupThreads"
>;
/** A one-to-one history: the pairs who have chatted, and the lines a friendship leaves. */
export type DirectChatLog = Pick<
  MessagesService,
  "chatPairs" | "postDirectEvent"
>;
/** A call's record in the chat. */
export type CallRecords = Pick<
  MessagesService,
  "announceCallRecord" | "mayChatWith" | "storeCallRecord" | "updateCallRecord"
>;
/** Each conversation's last message and unread count, for the chat list. */
export type ConversationStates = Pick<
  MessagesService,
  "chatPeers" | "conversationState" | "conversationStates"
>;
/** Whether a user can see a message (a report names one). */
export type MessageVisibility = Pick<MessagesService, "visibleMessage">;
/** Conversations as the console shows them. */
export type ConsoleConversations = Pick<
  MessagesService,
  "conversationForConsole" | "recentForConsole" | "conversationStates"
>;
/** A file sent as a message once its upload is stored. */
export type FileMessages = Pick<MessagesService, "alreadySent" | "send">;
/** Message retention: the oldest messages deleted a batch at a time. */
export type MessageRetention = Pick<MessagesService, "deleteMessagesBefore">;
export type { GroupChatRecords } from "./group-chats.repository.js";

/**
 * What messages tells the features above it once a change is stored; a listening module
 * subscribes when app.ts builds it (docs/ARCHITECTURE.md lists who listens).
 */
export interface MessageEventMap {
  /** A user marked a chat read: the unread counts of their chats changed. */
  read: { userId: number };
  /** Messages that carried these files are gone, or carry them no more (withdrawn, masked). */
  filesDropped: { fileIds: readonly number[] };
  /**
   * A text message with a web link was stored (sent or edited): its key and its content
   * (the wire's HTML). Listeners must not hold the send: they start their work and return.
   */
  linkSent: { msgId: number; content: string };
  /**
   * A text message was sent in a group (outgoing webhooks, extensions.md §9): its content
   * (the wire's HTML), who sent it and when. Listeners must not hold the send.
   */
  groupTextSent: {
    groupId: number;
    groupName: string;
    senderId: number;
    senderName: string;
    fromBot: boolean;
    content: string;
    sentAt: number;
  };
}
/** A message's link preview set or taken away, after the fetch (link previews). */
export type LinkPreviewTarget = Pick<MessagesService, "attachLinkPreview">;
/** Messages' events, as a feature above it listens to them. */
export interface MessageEvents {
  readonly events: Events<MessageEventMap>;
}
