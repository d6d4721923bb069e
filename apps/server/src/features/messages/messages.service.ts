import { CallRecordsService } from "./call-records.service.js";
import { ChatEventsService } from "./chat-events.service.js";
import { ChatRules } from "./chat-rules.js";
import { ConsoleViewService } from "./console-view.service.js";
import { HistoryService } from "./history.service.js";
import { GlobalSearchService } from "./global-search.service.js";
import type { Events } from "../../events.js";
import type { MessagesDeps } from "./messages.deps.js";
import type { MessageEventMap } from "./messages.ports.js";
import { ReadMarksService } from "./read-marks.service.js";
import { SendingService } from "./sending.service.js";
import { TypingService } from "./typing.service.js";
import { LinkPreviewService } from "./link-preview.service.js";
import { CommandChatsService } from "./command-chats.service.js";

export type { MessagesDeps, MessagesPorts } from "./messages.deps.js";
export type { ConversationState } from "./messages.repository.js";
export type {
  FileSendInput,
  SendInput,
  SendOptions,
} from "./sending.service.js";
export type { ListInput, SeenMessage } from "./history.service.js";
export type { CommandChat } from "./command-chats.service.js";

/**
 * The messages feature as the others and its routes reach it: sending, history, read
 * marks, call records and the console's view are services of their own (each built from
 * the part of the deps it declares, sharing the chat rules); this is their one face, what
 * the ports of other features pick from (messages.ports.ts).
 */
export class MessagesService {
  /** What messages tells the features above it (messages.ports.ts). */
  readonly events: Events<MessageEventMap>;
  readonly send: SendingService["send"];
  readonly alreadySent: SendingService["alreadySent"];
  readonly postGroupEvent: ChatEventsService["postGroupEvent"];
  readonly postDirectEvent: ChatEventsService["postDirectEvent"];
  readonly storeCallRecord: CallRecordsService["storeCallRecord"];
  readonly announceCallRecord: CallRecordsService["announceCallRecord"];
  readonly updateCallRecord: CallRecordsService["updateCallRecord"];
  readonly mayChatWith: CallRecordsService["mayChatWith"];
  readonly list: HistoryService["list"];
  /** The global search's messages (issue 45). */
  readonly searchEverywhere: GlobalSearchService["search"];
  readonly seenBy: HistoryService["seenBy"];
  readonly seenAmong: HistoryService["seenAmong"];
  readonly visibleMessage: HistoryService["visibleMessage"];
  readonly presentFor: HistoryService["presentFor"];
  readonly clearGroupHistory: HistoryService["clearGroupHistory"];
  readonly deleteMessagesBefore: HistoryService["deleteMessagesBefore"];
  readonly chatPairs: HistoryService["chatPairs"];
  readonly chatPeers: HistoryService["chatPeers"];
  readonly conversationStates: HistoryService["conversationStates"];
  readonly conversationState: HistoryService["conversationState"];
  readonly read: ReadMarksService["read"];
  readonly groupReaders: ReadMarksService["groupReaders"];
  readonly mayReach: ChatRules["mayReach"];
  /** A user's `typing` frame (the gateway routes it here). */
  readonly typing: TypingService["typing"];
  readonly commandChat: CommandChatsService["commandChat"];
  readonly ephemeral: CommandChatsService["ephemeral"];
  readonly conversationForConsole: ConsoleViewService["conversationForConsole"];
  readonly recentForConsole: ConsoleViewService["recentForConsole"];
  readonly consoleView: ConsoleViewService["consoleView"];
  /** A fetched link preview onto its message (the previews feature calls it). */
  readonly attachLinkPreview: LinkPreviewService["attachLinkPreview"];
  /** `dismissLinkPreview`: the sender takes it away. */
  readonly dismissLinkPreview: LinkPreviewService["dismiss"];
  /**
   * A member out of a group (left, removed): they follow none of its threads any more, so
   * no count of theirs keeps a thread they can no longer read (extensions.md §6).
   */
  readonly unfollowGroupThreads: (
    groupId: number,
    userId: number,
  ) => Promise<void>;

  constructor(deps: MessagesDeps) {
    this.events = deps.events;
    const rules = new ChatRules(deps);
    const reads = new ReadMarksService(deps, rules);
    const sending = new SendingService(deps, rules);
    const lines = new ChatEventsService(deps);
    const calls = new CallRecordsService(deps, rules);
    const history = new HistoryService(deps, rules, reads);
    const consoleView = new ConsoleViewService(deps, rules);
    const typing = new TypingService(deps, rules);
    this.send = sending.send.bind(sending);
    this.alreadySent = sending.alreadySent.bind(sending);
    this.postGroupEvent = lines.postGroupEvent.bind(lines);
    this.postDirectEvent = lines.postDirectEvent.bind(lines);
    this.storeCallRecord = calls.storeCallRecord.bind(calls);
    this.announceCallRecord = calls.announceCallRecord.bind(calls);
    this.updateCallRecord = calls.updateCallRecord.bind(calls);
    this.mayChatWith = calls.mayChatWith.bind(calls);
    this.list = history.list.bind(history);
    const everywhere = new GlobalSearchService(deps, rules, history);
    this.searchEverywhere = everywhere.search.bind(everywhere);
    this.seenBy = history.seenBy.bind(history);
    this.seenAmong = history.seenAmong.bind(history);
    this.visibleMessage = history.visibleMessage.bind(history);
    this.presentFor = history.presentFor.bind(history);
    this.clearGroupHistory = history.clearGroupHistory.bind(history);
    this.deleteMessagesBefore = history.deleteMessagesBefore.bind(history);
    this.chatPairs = history.chatPairs.bind(history);
    this.chatPeers = history.chatPeers.bind(history);
    this.conversationStates = history.conversationStates.bind(history);
    this.conversationState = history.conversationState.bind(history);
    this.read = reads.read.bind(reads);
    this.groupReaders = reads.groupReaders.bind(reads);
    this.mayReach = rules.mayReach.bind(rules);
    this.typing = typing.typing.bind(typing);
    const commandChats = new CommandChatsService(deps, rules);
    this.commandChat = commandChats.commandChat.bind(commandChats);
    this.ephemeral = commandChats.ephemeral.bind(commandChats);
    this.conversationForConsole =
      consoleView.conversationForConsole.bind(consoleView);
    this.recentForConsole = consoleView.recentForConsole.bind(consoleView);
    this.consoleView = consoleView.consoleView.bind(consoleView);
    this.unfollowGroupThreads = (groupId, userId) =>
      deps.threads.unfollowConversation(`group-${String(groupId)}`, userId);
    const previews = new LinkPreviewService({
      repo: deps.previews,
      seenBy: this.seenBy,
      publish: deps.publish,
      groups: deps.groups,
      events: deps.events,
    });
    this.attachLinkPreview = previews.attachLinkPreview.bind(previews);
    this.dismissLinkPreview = previews.dismiss.bind(previews);
  }
}
