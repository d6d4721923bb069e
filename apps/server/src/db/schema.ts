import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/*
 * The database as Kysely sees it. Times are integer milliseconds; flags are 0/1 integers;
 * JSON is stored as text so both dialects read it the same way.
 */

export interface UsersTable {
  user_id: Generated<number>;
  account: string;
  realname: string;
  password_hash: string;
  avatar: Generated<string>;
  email: Generated<string>;
  sex: Generated<number>;
  role: Generated<number>;
  motto: Generated<string>;
  remark: Generated<string>;
  name_py: Generated<string>;
  setting: Generated<string>;
  is_auth: Generated<number>;
  status: Generated<number>;
  lang: string | null;
  cs_uid: number | null;
  friend_limit: Generated<number>;
  group_limit: Generated<number>;
  last_login_at: number | null;
  last_login_ip: Generated<string>;
  login_count: Generated<number>;
  register_ip: Generated<string>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  /** 1: a bot account (issue 48): no password, no console, never a group's owner. */
  is_bot: Generated<number>;
  /** A bot's administrator, who made it (null for people, and once that account is gone). */
  bot_owner_id: Generated<number | null>;
}

export interface SessionsTable {
  session_id: Generated<number>;
  token_hash: string;
  user_id: number;
  remember: Generated<number>;
  terminal: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
  /** The session whose token opened this one (a token login), or null. */
  parent_session_id: number | null;
  /** How it was opened: "password", "code" (a login code), "token", or "bot" (a bot's token). */
  login_method: Generated<string>;
  /** 1: the administrators require two-factor and this session may only set it up. */
  setup_only: Generated<number>;
}

export interface VerificationCodesTable {
  code_id: Generated<number>;
  account: string;
  type: number;
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ConfigTable {
  name: string;
  value: string;
  updated_at: number;
}

export interface FriendApplicationsTable {
  application_id: Generated<number>;
  from_user_id: number;
  to_user_id: number;
  remark: Generated<string>;
  /** 0 refused, 1 agreed, 2 waiting */
  status: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface FriendsTable {
  user_id: number;
  friend_user_id: number;
  nickname: Generated<string>;
  created_at: number;
}

export interface GroupsTable {
  group_id: Generated<number>;
  name: string;
  name_py: Generated<string>;
  avatar: Generated<string>;
  owner_id: number;
  created_by: number;
  notice: Generated<string>;
  setting: Generated<string>;
  status: Generated<number>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  /** Changes whenever who the members are changes (migration 0017's triggers). */
  members_version: Generated<number>;
  /** What the group is for (issue 45). */
  description: Generated<string>;
  /** 1 while its setting's `public` switch is on (issue 45): the directory's index. */
  is_public: Generated<number>;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  /** 1 owner, 2 administrator, 3 member */
  role: Generated<number>;
  invited_by: number | null;
  joined_at: number;
  muted_until: number | null;
  /** The group conversation's last sequence number when the member joined. */
  joined_seq: Generated<number>;
}

export interface ConversationsTable {
  /** `<low uid>-<high uid>` for 1:1, `group-N` for groups (wire-contract.md §4.4). */
  conversation_id: string;
  is_group: Generated<number>;
  last_seq: Generated<number>;
  last_msg_id: number | null;
  last_send_time: number | null;
  created_at: number;
}

export interface MessagesTable {
  msg_id: Generated<number>;
  conversation_id: string;
  seq: number;
  client_msg_id: string;
  from_user: number;
  to_user: number;
  is_group: Generated<number>;
  type: Generated<string>;
  content: string;
  at: Generated<string>;
  pid: number | null;
  file_id: number | null;
  extends: Generated<string>;
  is_read: Generated<number>;
  is_undo: Generated<number>;
  created_at: number;
  /** When its sender last edited it, ms; 0 never (extensions.md §2). */
  edit_time: Generated<number>;
  /** A reply in a thread: its root's client id ("" outside threads; extensions.md §6). */
  thread_id: Generated<string>;
  /** A reply in a thread: its root's msg_id (null outside threads). */
  thread_root: number | null;
  /** A reply in a thread also shown in its chat: 1 (docs/EXTENSIONS.md "also send to chat"). */
  thread_broadcast: Generated<number>;
}

/** One mention of a group message: a member, or 0 for everyone (issue 8, `atMsgList`). */
export interface MessageMentionsTable {
  msg_id: number;
  conversation_id: string;
  user_id: number;
  /** The message's sequence number, so unread mentions are a range of an index. */
  seq: number;
}

export interface UserConversationsTable {
  user_id: number;
  conversation_id: string;
  /** The contact id as the client knows it: the other user's id, or `group-N`. */
  peer_id: string;
  is_group: Generated<number>;
  is_top: Generated<number>;
  is_notice: Generated<number>;
  unread: Generated<number>;
  is_at: Generated<number>;
  last_read_seq: Generated<number>;
  last_send_time: number | null;
  draft: Generated<string>;
  updated_at: number;
}

/** The bytes of a file, stored once however often sent (content-addressed). */
export interface BlobsTable {
  blob_id: Generated<number>;
  /**
   * The bytes' content address, 64 hex digits: BLAKE3 since migration 0018, SHA-256 for
   * blobs stored before it (those bytes sent again are stored once more, under BLAKE3).
   */
  digest: string;
  storage_key: string;
  size: number;
  /** Sniffed from the bytes; "" when nothing recognisable. */
  mime: Generated<string>;
  width: number | null;
  height: number | null;
  thumb_key: string | null;
  created_at: number;
}

/** One upload: its name and uploader, pointing at its bytes. */
export interface FilesTable {
  file_id: Generated<number>;
  user_id: number;
  blob_id: number;
  name: string;
  ext: Generated<string>;
  /** 1 document, 2 image, 3 audio, 4 video, 5 other (SPEC §9) */
  cate: number;
  created_at: number;
}

/** "Delete for me": a message one user no longer sees (issue 11). */
export interface MessageHidesTable {
  msg_id: number;
  user_id: number;
  created_at: number;
}

/** A user's reaction with one emoji to a message (extensions.md §1), once. */
export interface MessageReactionsTable {
  reaction_id: Generated<number>;
  msg_id: number;
  user_id: number;
  emoji: string;
  created_at: number;
}

/** A root message's thread (extensions.md §6), once it has a reply. */
export interface MessageThreadsTable {
  root_msg_id: number;
  reply_count: Generated<number>;
  /** When the last reply came, ms. */
  last_time: number;
  /** JSON array: the first ten repliers' user ids, in the order they first replied. */
  repliers: Generated<string>;
}

/** A user following a thread (extensions.md §6), with their unread replies in it. */
export interface ThreadFollowsTable {
  root_msg_id: number;
  user_id: number;
  unread: Generated<number>;
  /** The thread's last activity, ms (a copy of its last reply's time, for ordering). */
  last_time: number;
}

/** A version of a message an edit replaced (extensions.md §2). */
export interface MessageEditsTable {
  edit_id: Generated<number>;
  msg_id: number;
  user_id: number;
  content: string;
  /** When this version was written, ms: the send time for the original. */
  edit_time: number;
}

/** A linked address's preview, fetched at most once a day (extensions.md §5). */
export interface LinkPreviewsTable {
  url: string;
  fetched_at: number;
  /** "pending" while a process fetches it, "done" or "failed". */
  status: string;
  /** The preview as JSON ("done" only). */
  preview: string | null;
}

/** A message a user saved (issue 11); it goes when the message is withdrawn or deleted. */
export interface FavouritesTable {
  favourite_id: Generated<number>;
  user_id: number;
  msg_id: number;
  created_at: number;
}

/** A device that asked for Web Push (issue 11). */
export interface PushSubscriptionsTable {
  subscription_id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

/** One administrative change (issue 12); the database refuses to update or delete one. */
export interface AuditLogTable {
  audit_id: Generated<number>;
  actor_id: number;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: Generated<string>;
  /** JSON of the changed fields before, or null. */
  before: string | null;
  after: string | null;
  ip: Generated<string>;
  created_at: number;
}

/** A registration invitation (regtype 2): its code, valid until `expires_at`. */
export interface InviteCodesTable {
  code: string;
  created_by: number;
  created_at: number;
  expires_at: number;
}

/** A scheduled task: paused or not, and the last slot (ms) a process claimed (issue 12). */
export interface TasksTable {
  name: string;
  paused: Generated<number>;
  last_slot: Generated<number>;
}

/** One run of a scheduled task. */
export interface TaskLogTable {
  log_id: Generated<number>;
  name: string;
  started_at: number;
  finished_at: number;
  ok: number;
  manual: Generated<number>;
  summary: Generated<string>;
}

/** A system notice a super administrator published to everyone (issue 12). */
export interface NoticesTable {
  notice_id: Generated<number>;
  title: string;
  body: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** The newest notice a user has read. */
export interface NoticeReadsTable {
  user_id: number;
  last_read_id: number;
}

/** A user's report of a message, a user or a group (issue 12). */
export interface ComplaintsTable {
  complaint_id: Generated<number>;
  reporter_id: number;
  target_type: string;
  target_id: number;
  reason: string;
  content: Generated<string>;
  /** 0 waiting, 1 handled, 2 dismissed */
  status: Generated<number>;
  remark: Generated<string>;
  handled_by: number | null;
  handled_at: number | null;
  created_at: number;
}

export interface ArticlesTable {
  article_id: Generated<number>;
  title: string;
  /** cleaned HTML */
  content: string;
  /** plain text, the start of the body */
  excerpt: string;
  /** 0 draft, 1 published */
  status: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

/** A user's two-factor secret (issue 46). */
export interface UserTotpTable {
  user_id: number;
  /** Encrypted with a key derived from the installation's secret. */
  secret: string;
  /** 0 while set up but not confirmed by a code. */
  enabled: Generated<number>;
  /** The newest 30-s step a code was accepted for: no code is taken twice. */
  last_step: Generated<number>;
  updated_at: number;
}

/** An unspent recovery code, as a keyed hash. */
export interface TotpRecoveryCodesTable {
  user_id: number;
  code_hash: string;
}

/** An account as another system knows it: an OpenID provider's subject, a directory entry. */
export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  created_at: number;
}

/** A record an importer brought in, by its source's id (issue 47): runs add nothing twice. */
export interface ImportLinksTable {
  /** The importer: "raingad", "mattermost", "slack". */
  source: string;
  /** "user", "group", "file"… */
  kind: string;
  external_id: string;
  local_id: number;
  created_at: number;
}

/** A group's webhook (issue 48): an incoming one posts as its bot. */
export interface HooksTable {
  hook_id: Generated<number>;
  group_id: number;
  kind: string;
  name: string;
  /** SHA-256 of the secret in its URL. */
  secret_hash: string;
  bot_user_id: number;
  created_by: number | null;
  created_at: number;
  /** Outgoing: the address POSTed to. */
  url: string | null;
  /** Outgoing: trigger words, lower case, comma-separated. */
  triggers: string | null;
  /** Outgoing: the `token` each POST carries. */
  token: string | null;
  /** Outgoing: the HMAC key, sealed with the installation's secret. */
  secret_sealed: string | null;
}

/** An outgoing hook's POST waiting to be answered (tried again with back-off). */
export interface HookOutboxTable {
  job_id: Generated<number>;
  hook_id: number;
  body: string;
  attempts: Generated<number>;
  next_at: number;
  claimed_until: Generated<number>;
  created_at: number;
}

/** A slash command (extensions.md §9). */
export interface CommandsTable {
  command_id: Generated<number>;
  name: string;
  url: string;
  description: string;
  /** The token its POSTs carry, sealed with the installation's secret. */
  token_sealed: string;
  bot_user_id: number;
  created_by: number | null;
  created_at: number;
}

/** One call of a hook: posted, or why not. */
export interface HookDeliveriesTable {
  delivery_id: Generated<number>;
  hook_id: number;
  at: number;
  ok: number;
  detail: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  config: ConfigTable;
  friend_applications: FriendApplicationsTable;
  friends: FriendsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  message_mentions: MessageMentionsTable;
  user_conversations: UserConversationsTable;
  files: FilesTable;
  blobs: BlobsTable;
  message_hides: MessageHidesTable;
  message_reactions: MessageReactionsTable;
  message_threads: MessageThreadsTable;
  thread_follows: ThreadFollowsTable;
  message_edits: MessageEditsTable;
  link_previews: LinkPreviewsTable;
  favourites: FavouritesTable;
  push_subscriptions: PushSubscriptionsTable;
  audit_log: AuditLogTable;
  invite_codes: InviteCodesTable;
  tasks: TasksTable;
  task_log: TaskLogTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  complaints: ComplaintsTable;
  articles: ArticlesTable;
  user_totp: UserTotpTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  user_identities: UserIdentitiesTable;
  import_links: ImportLinksTable;
  hooks: HooksTable;
  hook_deliveries: HookDeliveriesTable;
  hook_outbox: HookOutboxTable;
  commands: CommandsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
