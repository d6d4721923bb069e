import type { NoticesService } from "./notices.service.js";

/** The system notices as a chat: their history, read marks and chat-list entry. */
export type NoticeFeed = Pick<
  NoticesService,
  "history" | "read" | "entryState"
>;
