import { compiledOnce } from "../../db/compiled-once.js";
import { type Selectable, sql, type Transaction } from "kysely";
import { type Db } from "../../db/database.js";
import { type Database, type MessagesTable } from "../../db/schema.js";
import { parseJsonObject } from "../../lib/json.js";

export type MessageRow = Selectable<MessagesTable>;
type Executor = Db | Transaction<Database>;

const byClientId = compiledOnce((db, fromUser, clientMsgId) =>
  db
    .selectFrom("messages")
    .selectAll()
    .where("from_user", "=", fromUser)
    .where("client_msg_id", "=", clientMsgId),
);

export async function findByClientId(
  db: Executor,
  fromUser: number,
  clientMsgId: string,
): Promise<MessageRow | undefined> {
  const [row] = await byClientId(db, fromUser, clientMsgId);
  return row;
}

/**
 * A message read in a transaction that will change it: its row locked on PostgreSQL until
 * the commit (SQLite writes one transaction at a time), so what is decided on it holds.
 */
export async function lockedMessage(
  trx: Transaction<Database>,
  sqlite: boolean,
  msgId: number,
): Promise<MessageRow | undefined> {
  let query = trx
    .selectFrom("messages")
    .selectAll()
    .where("msg_id", "=", msgId);
  if (!sqlite) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A call's record once the call ends: its status text and its `extends` (code, call time). */
export async function updateCallRecord(
  db: Executor,
  msgId: number,
  content: string,
  extendsJson: string,
): Promise<void> {
  await db
    .updateTable("messages")
    .set({ content, extends: extendsJson })
    .where("msg_id", "=", msgId)
    .where("type", "=", "webrtc")
    .execute();
}

const takeSeq = compiledOnce((db, conversationId, isGroup, now) =>
  db
    .insertInto("conversations")
    .values({
      conversation_id: conversationId,
      is_group: isGroup,
      created_at: now,
      last_seq: 1,
    })
    .onConflict((oc) =>
      oc.column("conversation_id").doUpdateSet((eb) => ({
        last_seq: eb("conversations.last_seq", "+", 1),
      })),
    )
    .returning("last_seq"),
);

/**
 * Takes the conversation's next sequence number (creating the conversation with its first).
 * The row's update serialises concurrent senders of one conversation, so sequence order is
 * commit order.
 */
export async function nextSeq(
  trx: Transaction<Database>,
  conversationId: string,
  isGroup: number,
  now: number,
): Promise<number> {
  const [row] = await takeSeq(trx, conversationId, isGroup, now);
  if (!row) throw new Error(`no sequence number for ${conversationId}`);
  return row.last_seq;
}

const insertRow = compiledOnce(
  (
    db,
    conversationId,
    seq,
    clientMsgId,
    fromUser,
    toUser,
    isGroup,
    type,
    content,
    at,
    pid,
    fileId,
    extendsJson,
    createdAt,
  ) =>
    db
      .insertInto("messages")
      .values({
        conversation_id: conversationId,
        seq,
        client_msg_id: clientMsgId,
        from_user: fromUser,
        to_user: toUser,
        is_group: isGroup,
        type,
        content,
        at,
        pid,
        file_id: fileId,
        extends: extendsJson,
        created_at: createdAt,
      })
      .returningAll(),
);

export async function insertMessage(
  trx: Transaction<Database>,
  message: {
    conversation_id: string;
    seq: number;
    client_msg_id: string;
    from_user: number;
    to_user: number;
    is_group: number;
    type: string;
    content: string;
    at: string;
    pid: number | null;
    file_id?: number | null;
    extends?: string;
    created_at: number;
  },
): Promise<MessageRow> {
  const [row] = await insertRow(
    trx,
    message.conversation_id,
    message.seq,
    message.client_msg_id,
    message.from_user,
    message.to_user,
    message.is_group,
    message.type,
    message.content,
    message.at,
    message.pid,
    message.file_id ?? null,
    message.extends ?? "{}",
    message.created_at,
  );
  if (!row) throw new Error("the message was not stored");
  return row;
}

const setLast = compiledOnce((db, msgId, now, conversationId) =>
  db
    .updateTable("conversations")
    .set({ last_msg_id: msgId, last_send_time: now })
    .where("conversation_id", "=", conversationId),
);

export async function markConversationLast(
  trx: Transaction<Database>,
  conversationId: string,
  msgId: number,
  now: number,
): Promise<void> {
  await setLast(trx, msgId, now, conversationId);
}

/** A user's view of a conversation after a message: one statement for each side. */
function touchView(received: boolean) {
  return compiledOnce((db, userId, conversationId, peerId, isGroup, sendTime) =>
    db
      .insertInto("user_conversations")
      .values({
        user_id: userId,
        conversation_id: conversationId,
        peer_id: peerId,
        is_group: isGroup,
        unread: received ? 1 : 0,
        last_send_time: sendTime,
        updated_at: sendTime,
      })
      .onConflict((oc) =>
        oc.columns(["user_id", "conversation_id"]).doUpdateSet((eb) => ({
          unread: received
            ? eb("user_conversations.unread", "+", 1)
            : eb.ref("user_conversations.unread"),
          last_send_time: eb.val(sendTime),
          updated_at: eb.val(sendTime),
        })),
      ),
  );
}
const touchReceived = touchView(true);
const touchSent = touchView(false);

/** Creates or updates one user's view of a conversation after a message. */
export async function touchUserConversation(
  trx: Transaction<Database>,
  state: {
    userId: number;
    conversationId: string;
    peerId: string;
    isGroup: number;
    sendTime: number;
    /** Whether this user received the message (one more unread) or sent it. */
    received: boolean;
  },
): Promise<void> {
  await (state.received ? touchReceived : touchSent)(
    trx,
    state.userId,
    state.conversationId,
    state.peerId,
    state.isGroup,
    state.sendTime,
  );
}

/** A one-to-one message to store. */
export interface NewDirectMessage {
  conversationId: string;
  clientMsgId: string;
  fromUser: number;
  toUser: number;
  type: string;
  content: string;
  pid: number | null;
  /** The file a file message carries (image, voice, video, file). */
  fileId?: number | null;
  extends?: Record<string, unknown>;
  /** A reply in a thread: its root (extensions.md §6). */
  thread?: ThreadLink | null;
}

/** The root a reply in a thread answers (extensions.md §6). */
export interface ThreadLink {
  rootMsgId: number;
  /** The root's client id: the reply's `thread_id` on the wire. */
  rootClientId: string;
  rootSender: number;
  /** The root's place in its chat (who may see it: a group's history setting). */
  rootSeq: number;
  /** Also shown in the chat ("also send to chat"): kept in `threads=1` pages. */
  broadcast: boolean;
}

/**
 * The replies quoting these messages lose the quoted text: each says only that it is
 * gone. `sentSince` (ms) leaves out replies older than it (retention deletes those too).
 */
export async function scrubQuotes(
  trx: Db,
  msgIds: readonly number[],
  sentSince?: number,
): Promise<void> {
  if (msgIds.length === 0) return;
  let query = trx
    .selectFrom("messages")
    .select(["msg_id", "extends"])
    .where("pid", "in", msgIds);
  if (sentSince !== undefined)
    query = query.where("created_at", ">=", sentSince);
  for (const reply of await query.execute()) {
    const ext = parseJsonObject(reply.extends);
    const quote = parseJsonObject(JSON.stringify(ext.quote ?? {}));
    ext.quote = { ...quote, content: "", undone: 1 };
    await trx
      .updateTable("messages")
      .set({ extends: JSON.stringify(ext) })
      .where("msg_id", "=", reply.msg_id)
      .execute();
  }
}

/**
 * Before messages go for good (deleted for everyone, a group's history cleared, retention):
 * the replies of a root among them that stay become plain messages of their chat (a
 * thread without its root cannot be opened, and `threads=1` pages would hide them), and a
 * reply among them is counted out of its thread. The roots' thread rows go with them.
 */
export async function forgetInThreads(
  trx: Executor,
  msgIds: readonly number[],
): Promise<void> {
  if (msgIds.length === 0) return;
  await trx
    .updateTable("messages")
    .set({ thread_root: null, thread_id: "" })
    .where("thread_root", "in", [...msgIds])
    .where("msg_id", "not in", [...msgIds])
    .execute();
  const replies = await trx
    .selectFrom("messages")
    .select(["thread_root"])
    .where("msg_id", "in", [...msgIds])
    .where("thread_root", "is not", null)
    .execute();
  const perRoot = new Map<number, number>();
  for (const { thread_root: root } of replies)
    if (root !== null) perRoot.set(root, (perRoot.get(root) ?? 0) + 1);
  for (const [root, gone] of perRoot)
    await trx
      .updateTable("message_threads")
      .set({
        reply_count: sql`case when reply_count > ${gone} then reply_count - ${gone} else 0 end`,
      })
      .where("root_msg_id", "=", root)
      .execute();
}
