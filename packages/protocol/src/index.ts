export * from "./common/codes.js";
export * from "./common/envelope.js";
export * from "./common/form.js";
export * from "./common/ids.js";
export * from "./common/message-keys.js";
export * from "./common/texts.js";
export * from "./entities/config.js";
export * from "./entities/contact.js";
export * from "./entities/group.js";
export * from "./entities/message.js";
export * from "./entities/person.js";
export * from "./entities/user.js";
export * from "./entities/signin.js";
export * from "./rules/signin.js";
export * from "./http/define.js";
export * as accounts from "./http/accounts.js";
export * as contacts from "./http/contacts.js";
export * as favourites from "./http/favourites.js";
export type { Favourite } from "./http/favourites.js";
export * as files from "./http/files.js";
export type { FileEntry, UploadMessage } from "./http/files.js";
export * as friends from "./http/friends.js";
export * as groups from "./http/groups.js";
export * as integrations from "./http/integrations.js";
export * from "./entities/hook.js";
export * as commands from "./http/commands.js";
export * from "./entities/command.js";
export { HOOKS_PER_GROUP_MAX } from "./http/integrations.js";
export * as manage from "./http/manage.js";
export type {
  AllConfig,
  ConfigRow,
  ConfigRowName,
  AuditAction,
  AuditEntry,
  ConsoleFavourite,
  ConsoleGroup,
  ChatParty,
  ConsoleMember,
  ConsoleMessage,
  ConsoleUser,
  ConsoleBot,
  Notice,
  SmsInfo,
  SmtpInfo,
  StorageInfo,
  Task,
  TaskName,
  UserImportRow,
} from "./http/manage.js";
export {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_MAX,
  CONFIG_ROW_IDS,
  CONFIG_ROW_NAMES,
  CONSOLE_MESSAGE_TYPES,
  CONSOLE_PAGE_SIZES,
  DEAL_TYPES,
  MASKED_CONTENT,
  TASK_NAMES,
  DASHBOARD_DAYS,
  GROUP_ORDER_FIELDS,
  INVITE_LINK_DAYS,
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  ARTICLE_IMAGE_MAX_BYTES,
  ARTICLE_IMAGE_MAX_SIDE,
  IMAGE_PURPOSES,
  CONSOLE_IMAGE_TYPES,
  NOTICE_PAGE_SIZE,
  NOTICE_TEXT_MAX,
  NOTICE_TITLE_MAX,
  USER_ORDER_FIELDS,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_CHARS,
  USER_IMPORT_MAX_ROWS,
  BOT_DESCRIPTION_MAX,
} from "./http/manage.js";
export * as complaints from "./http/complaints.js";
export type {
  Complaint,
  ComplaintReason,
  ComplaintStatus,
  ComplaintType,
} from "./http/complaints.js";
export {
  COMPLAINT_REASONS,
  COMPLAINT_REMARK_MAX,
  COMPLAINT_STATUSES,
  COMPLAINT_TEXT_MAX,
  COMPLAINT_TYPES,
} from "./http/complaints.js";
export * as articles from "./http/articles.js";
export type {
  Article,
  ArticleStatus,
  ArticleSummary,
} from "./http/articles.js";
export {
  ARTICLE_ATTRIBUTES,
  ARTICLE_EXCERPT_MAX,
  ARTICLE_HTML_MAX,
  ARTICLE_READER_PAGE,
  ARTICLE_STATUSES,
  ARTICLE_TAGS,
  ARTICLE_TITLE_MAX,
} from "./http/articles.js";
export * as messages from "./http/messages.js";
export * as threads from "./http/threads.js";
export * as webrtc from "./http/calls.js";
export type {
  CallEvent,
  CallExtends,
  CallSignal,
  CallSignalEvent,
  CallCode,
} from "./http/calls.js";
export {
  CALL_EVENTS,
  CALL_RING_MS,
  CallCodes,
  CallKinds,
  ICE_CANDIDATE_DELAY_MS,
  ICE_CANDIDATE_MAX_CHARS,
  SDP_MAX_CHARS,
} from "./http/calls.js";
export * as people from "./http/people.js";
export * as push from "./http/push.js";
export type { PushPayload } from "./http/push.js";
export * as settings from "./http/settings.js";
export * as socket from "./http/socket.js";
export * as system from "./http/system.js";
export * from "./rules/account.js";
export * from "./rules/can.js";
export * from "./rules/config.js";
export * from "./rules/files.js";
export * from "./rules/group.js";
export * from "./rules/group-qr.js";
export * from "./rules/languages.js";
export * from "./rules/limits.js";
export * from "./rules/message.js";
export * from "./rules/people.js";
export * from "./rules/reactions.js";
export * from "./rules/wait.js";
export * from "./ws/frames.js";
export * as search from "./http/search.js";
export * as signin from "./http/signin.js";
export * from "./entities/search.js";
