import type { Events } from "../../events.js";
import type { NoticesService } from "./notices.service.js";

/** The system notices as a chat: their history, read marks and chat-list entry. */
export type NoticeFeed = Pick<
  NoticesService,
  "history" | "read" | "entryState"
>;

/**
 * What notices tells the features above it once a change is stored; a listening module
 * subscribes when app.ts builds it (docs/ARCHITECTURE.md lists who listens).
 */
export interface NoticeEventMap {
  /** A user read the notices: their entry's unread count changed. */
  read: { userId: number };
}
/** Notices' events, as a feature above it listens to them. */
export interface NoticeEvents {
  readonly events: Events<NoticeEventMap>;
}
