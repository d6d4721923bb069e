import { type Argument, compiledOnce } from "../../db/compiled-once.js";
import {
  type ExpressionBuilder,
  type RawBuilder,
  type Selectable,
  SqliteAdapter,
  sql,
  type Transaction,
} from "kysely";
import type { Db } from "../../db/database.js";
import { groupCommit } from "../../db/group-commit.js";
import { containing } from "../../db/like.js";
import { InTurn } from "../../lib/in-turn.js";
import { bindRepository } from "../../db/repository.js";
import type { Database, MessagesTable } from "../../db/schema.js";
import { clearGroupMessages } from "./group-chats.repository.js";
import { deleteMessagesBefore } from "./retention.repository.js";

export type MessageRow = Selectable<MessagesTable>;
type Executor = Db | Transaction<Database>;

export { directConversationId } from "../../db/conversation-ids.js";

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
}

/**
 * One conversation's stores on PostgreSQL from this process, one after another: each
 * answer is then read, and its message pushed, before the next store is sent, so pushes
 * go out in seq order. Side by side, two answers read in the same turn of the event loop
 * were handled in socket order rather than commit order (W8 saw a reordered push). SQLite's
 * group commit answers its pieces in order already.
 */
const storesInTurn = new InTurn();

/**
 * Whether a retried send must be found before it is stored: on SQLite a failing write rolls
 * back the commit it shares (db/group-commit.ts), so one client's retries could make every
 * send of a batch run again alone; on PostgreSQL a send is its own statement, and a retry
 * fails alone on the unique client id.
 */
export function findsRetriesFirst(db: Db): boolean {
  return isSqlite(db);
}

/** Runs a store of `conversationId` in its turn (PostgreSQL); SQLite runs it at once. */
function inTurn<T>(
  db: Db,
  conversationId: string,
  store: () => Promise<T>,
): Promise<T> {
  return isSqlite(db) ? store() : storesInTurn.run(conversationId, store);
}

/** A message's row as it is stored, but its seq (taken with the conversation's row). */
type RowToStore = Omit<Parameters<typeof insertMessage>[1], "seq">;

/** A one-to-one message's row, stored at `at`. */
function directRow(message: NewDirectMessage, at: number): RowToStore {
  return {
    conversation_id: message.conversationId,
    client_msg_id: message.clientMsgId,
    from_user: message.fromUser,
    to_user: message.toUser,
    is_group: 0,
    type: message.type,
    content: message.content,
    at: "",
    pid: message.pid,
    file_id: message.fileId ?? null,
    extends: JSON.stringify(message.extends ?? {}),
    created_at: at,
  };
}

/** A group message's row (one for the whole group), stored at `at`. */
function groupRow(message: NewGroupMessage, at: number): RowToStore {
  return {
    conversation_id: `group-${String(message.groupId)}`,
    client_msg_id: message.clientMsgId,
    from_user: message.fromUser,
    to_user: message.groupId,
    is_group: 1,
    type: message.type,
    content: message.content,
    at: message.at.join(","),
    pid: message.pid,
    file_id: message.fileId ?? null,
    extends: JSON.stringify(message.extends),
    created_at: at,
  };
}

/**
 * PostgreSQL: a message stored in one statement, so one round trip (issue 14, W8: seven
 * round trips a send, each waiting on a busy box, held two processes to a fraction of
 * what PostgreSQL commits), when it is the only send of its moment or its batch failed
 * (SendBatch). The statement is its own transaction: nothing is half-written. Its steps
 * run in the order their references force: the conversation's row is taken first (its
 * next seq, and the message's msg_id drawn while the row is locked, so within a
 * conversation msg_id follows seq, as history pages and their cursors need), then the
 * message. `after` writes more in the same statement (it may read `stored`; should any
 * part fail, none of it is stored). Answers the stored row. The caller holds the
 * conversation's turn.
 */
async function storeStatement(
  db: Db,
  message: RowToStore,
  after: RawBuilder<unknown>,
): Promise<MessageRow> {
  const { rows } = await sql<MessageRow>`with taken as (
    insert into conversations as c
      (conversation_id, is_group, created_at, last_seq, last_msg_id, last_send_time)
    values (${message.conversation_id}, ${message.is_group}, ${message.created_at}, 1,
      nextval(pg_get_serial_sequence('messages', 'msg_id')), ${message.created_at})
    on conflict (conversation_id) do update set
      last_seq = c.last_seq + 1,
      last_msg_id = nextval(pg_get_serial_sequence('messages', 'msg_id')),
      last_send_time = excluded.last_send_time
    returning last_seq, last_msg_id
  ), stored as (
    insert into messages (msg_id, conversation_id, seq, client_msg_id, from_user,
      to_user, is_group, type, content, at, pid, file_id, extends, created_at)
    values ((select last_msg_id from taken), ${message.conversation_id},
      (select last_seq from taken), ${message.client_msg_id}, ${message.from_user},
      ${message.to_user}, ${message.is_group}, ${message.type}, ${message.content},
      ${message.at}, ${message.pid}, ${message.file_id}, ${message.extends},
      ${message.created_at})
    returning *
  ), after as (${after})
  select * from stored`.execute(db);
  const [row] = rows;
  if (!row) throw new Error("the message was not stored");
  return row;
}

/** Both users' views of a one-to-one message, as touchUserConversation makes them. */
function directViews(message: RowToStore): RawBuilder<unknown> {
  const at = message.created_at;
  return sql`insert into user_conversations as uc (user_id, conversation_id, peer_id,
      is_group, unread, last_send_time, updated_at)
    values (${message.from_user}, ${message.conversation_id}, ${String(message.to_user)},
        0, 0, ${at}, ${at}),
      (${message.to_user}, ${message.conversation_id}, ${String(message.from_user)},
        0, 1, ${at}, ${at})
    on conflict (user_id, conversation_id) do update set
      unread = uc.unread + excluded.unread,
      last_send_time = excluded.last_send_time,
      updated_at = excluded.updated_at`;
}

/** What a group send writes besides its row: the sender has read what they sent. */
function senderRead(message: RowToStore): RawBuilder<unknown> {
  return sql`update user_conversations set last_read_seq = stored.seq,
      updated_at = ${message.created_at}
    from stored
    where user_conversations.user_id = ${message.from_user}
      and user_conversations.conversation_id = ${message.conversation_id}`;
}

/** The most sends one statement stores. */
const SEND_BATCH_MAX = 256;

/** A send waiting for its statement. */
interface SendPiece {
  row: RowToStore;
  resolve: (row: MessageRow) => void;
  reject: (error: unknown) => void;
}

/**
 * PostgreSQL: the sends of a moment, one-to-one and group (without mentions), stored in one
 * statement, as SQLite's group commit stores them in one transaction (issue 14, W8: a
 * statement per send, and its writev, was 40 % of the time of a process taking sends).
 * Each send still takes its conversation's row, and draws its msg_id, while that row is
 * locked, so within a conversation msg_id follows seq as in storeStatement. A conversation has
 * one send in the statement at most: this process stores a conversation's sends in turn
 * (`storesInTurn`), and a second one that came anyway waits for the next statement. Sends
 * answer only once the statement has committed. Should it fail (a retried client id, a
 * user gone), each of its sends runs again alone, so only the failing one fails.
 */
class SendBatch {
  private queue: SendPiece[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  store(row: RowToStore): Promise<MessageRow> {
    return new Promise<MessageRow>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.schedule();
    });
  }

  /** On the next turn of the event loop: the sends of the requests already read join. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch: SendPiece[] = [];
    const later: SendPiece[] = [];
    const taken = new Set<string>();
    for (const piece of this.queue) {
      const conversation = piece.row.conversation_id;
      if (batch.length < SEND_BATCH_MAX && !taken.has(conversation)) {
        taken.add(conversation);
        batch.push(piece);
      } else later.push(piece);
    }
    this.queue = later;
    if (later.length > 0) this.schedule();
    if (batch.length <= 1) {
      await Promise.all(batch.map((piece) => this.alone(piece)));
      return;
    }
    let stored: MessageRow[];
    try {
      stored = await storeRows(
        this.db,
        batch.map((piece) => piece.row),
      );
    } catch {
      await Promise.all(batch.map((piece) => this.alone(piece)));
      return;
    }
    const byConversation = new Map(
      stored.map((row) => [row.conversation_id, row]),
    );
    for (const piece of batch) {
      const row = byConversation.get(piece.row.conversation_id);
      if (row) piece.resolve(row);
      else piece.reject(new Error("the message was not stored"));
    }
  }

  /** One send in a statement of its own (storeStatement), answered with its outcome. */
  private alone(piece: SendPiece): Promise<void> {
    const { row } = piece;
    return storeStatement(
      this.db,
      row,
      row.is_group ? senderRead(row) : directViews(row),
    ).then(piece.resolve, piece.reject);
  }
}

/**
 * One statement storing messages of distinct conversations: for each, the conversation's
 * row (its next seq, and the msg_id drawn while it is locked), the message, and then for a
 * one-to-one message both users' views, for a group message the sender's read position.
 * It is its own transaction: all are stored, or none. Rows are locked in the order of
 * their conversation ids, so two processes' statements sharing conversations wait for each
 * other instead of deadlocking (the views are written after the conversations' rows, whose
 * locks already order them: PostgreSQL runs a data-modifying part the final select does
 * not read once that select is done).
 */
async function storeRows(
  db: Db,
  messages: readonly RowToStore[],
): Promise<MessageRow[]> {
  const column = <T>(pick: (message: RowToStore) => T): T[] =>
    messages.map(pick);
  const { rows } = await sql<MessageRow>`with input as (
      select * from unnest(${column((m) => m.conversation_id)}::text[],
        ${column((m) => m.is_group)}::int[],
        ${column((m) => m.client_msg_id)}::text[],
        ${column((m) => m.from_user)}::bigint[],
        ${column((m) => m.to_user)}::bigint[],
        ${column((m) => m.type)}::text[],
        ${column((m) => m.content)}::text[],
        ${column((m) => m.at)}::text[],
        ${column((m) => m.pid)}::bigint[],
        ${column((m) => m.file_id ?? null)}::bigint[],
        ${column((m) => m.extends ?? "{}")}::text[],
        ${column((m) => m.created_at)}::bigint[])
        as x(conversation_id, is_group, client_msg_id, from_user, to_user, type, content,
          at, pid, file_id, extends, created_at)
    ), taken as (
      insert into conversations as c
        (conversation_id, is_group, created_at, last_seq, last_msg_id, last_send_time)
      select conversation_id, is_group, created_at, 1,
        nextval(pg_get_serial_sequence('messages', 'msg_id')), created_at
      from input
      order by conversation_id collate "C"
      on conflict (conversation_id) do update set
        last_seq = c.last_seq + 1,
        last_msg_id = nextval(pg_get_serial_sequence('messages', 'msg_id')),
        last_send_time = excluded.last_send_time
      returning conversation_id, last_seq, last_msg_id
    ), stored as (
      insert into messages (msg_id, conversation_id, seq, client_msg_id, from_user,
        to_user, is_group, type, content, at, pid, file_id, extends, created_at)
      select t.last_msg_id, i.conversation_id, t.last_seq, i.client_msg_id, i.from_user,
        i.to_user, i.is_group, i.type, i.content, i.at, i.pid, i.file_id, i.extends,
        i.created_at
      from input i join taken t on t.conversation_id = i.conversation_id
      returning *
    ), views as (
      insert into user_conversations as uc (user_id, conversation_id, peer_id,
          is_group, unread, last_send_time, updated_at)
      select v.user_id, i.conversation_id, v.peer_id, 0, v.unread, i.created_at,
        i.created_at
      from input i cross join lateral (values
          (i.from_user, i.to_user::text, 0), (i.to_user, i.from_user::text, 1))
        as v(user_id, peer_id, unread)
      where i.is_group = 0
      order by i.conversation_id collate "C", v.user_id
      on conflict (user_id, conversation_id) do update set
        unread = uc.unread + excluded.unread,
        last_send_time = excluded.last_send_time,
        updated_at = excluded.updated_at
    ), readers as (
      update user_conversations as uc set last_read_seq = s.seq,
        updated_at = s.created_at
      from stored s
      where s.is_group = 1 and uc.user_id = s.from_user
        and uc.conversation_id = s.conversation_id
    )
    select * from stored`.execute(db);
  return rows;
}

const sendBatches = new WeakMap<Db, SendBatch>();

/** The send batch of a database handle (PostgreSQL). */
function sendBatch(db: Db): SendBatch {
  let found = sendBatches.get(db);
  if (!found) {
    found = new SendBatch(db);
    sendBatches.set(db, found);
  }
  return found;
}

/**
 * Stores a one-to-one message in one transaction: its sequence number, the row, the
 * conversation's last message and both users' views of it. Nothing is half-written. On
 * SQLite the transaction is shared with the sends that arrive meanwhile (group commit):
 * the answer still waits for the commit. On PostgreSQL it is one statement.
 */
export function storeDirectMessage(
  db: Db,
  message: NewDirectMessage,
  now: () => number,
): Promise<MessageRow> {
  // A note to oneself has one view: the general way.
  if (!isSqlite(db) && message.fromUser !== message.toUser) {
    const row = directRow(message, now());
    // In its conversation's turn, with the other conversations' sends of the moment.
    return inTurn(db, row.conversation_id, () => sendBatch(db).store(row));
  }
  return inTurn(db, message.conversationId, () =>
    groupCommit(db).run(async (trx) => {
      const at = now();
      const seq = await nextSeq(trx, message.conversationId, 0, at);
      const inserted = await insertMessage(trx, {
        ...directRow(message, at),
        seq,
      });
      await markConversationLast(
        trx,
        message.conversationId,
        inserted.msg_id,
        at,
      );
      await touchUserConversation(trx, {
        userId: message.fromUser,
        conversationId: message.conversationId,
        peerId: String(message.toUser),
        isGroup: 0,
        sendTime: at,
        received: false,
      });
      // A note to oneself has one view, and nothing in it is unread.
      if (message.toUser !== message.fromUser)
        await touchUserConversation(trx, {
          userId: message.toUser,
          conversationId: message.conversationId,
          peerId: String(message.fromUser),
          isGroup: 0,
          sendTime: at,
          received: true,
        });
      return inserted;
    }),
  );
}

/** A group message to store. */
export interface NewGroupMessage {
  groupId: number;
  clientMsgId: string;
  fromUser: number;
  type: string;
  content: string;
  /** Mentioned user ids; 0 means everyone. */
  at: readonly number[];
  pid: number | null;
  extends: Record<string, unknown>;
  /** The file a file message carries. */
  fileId?: number | null;
}

/**
 * Stores a group message in one transaction: its sequence number, the row (one row for the
 * whole group), the conversation's last message, the sender's read position, and for each
 * mention a row (found again by `listUnreadMentions`) and a mark on the member's chat.
 * Nothing is written per member otherwise: unread counts are each member's distance from
 * the group's last sequence number.
 */
export function storeGroupMessage(
  db: Db,
  message: NewGroupMessage,
  now: () => number,
): Promise<MessageRow> {
  const conversationId = `group-${message.groupId}`;
  const mentions = message.at.some((id) => id !== message.fromUser);
  if (!isSqlite(db) && !mentions) {
    const row = groupRow(message, now());
    // In the group's turn, with the other conversations' sends of the moment.
    return inTurn(db, conversationId, () => sendBatch(db).store(row));
  }
  return inTurn(db, conversationId, () =>
    groupCommit(db).run(async (trx) => {
      const at = now();
      const seq = await nextSeq(trx, conversationId, 1, at);
      const inserted = await insertMessage(trx, {
        ...groupRow(message, at),
        seq,
      });
      await markConversationLast(trx, conversationId, inserted.msg_id, at);
      await trx
        .updateTable("user_conversations")
        .set({ last_read_seq: seq, updated_at: at })
        .where("user_id", "=", message.fromUser)
        .where("conversation_id", "=", conversationId)
        .execute();
      const mentioned = message.at.filter((id) => id !== message.fromUser);
      if (mentioned.length > 0) {
        await trx
          .insertInto("message_mentions")
          .values(
            // Everyone covers each member: one row, so a member's mentions never repeat.
            (mentioned.includes(0) ? [0] : [...new Set(mentioned)]).map(
              (userId) => ({
                msg_id: inserted.msg_id,
                conversation_id: conversationId,
                user_id: userId,
                seq,
              }),
            ),
          )
          .execute();
        let marks = trx
          .updateTable("user_conversations")
          .set((eb) => ({ is_at: eb("is_at", "+", 1) }))
          .where("conversation_id", "=", conversationId)
          .where("user_id", "!=", message.fromUser);
        if (!mentioned.includes(0))
          marks = marks.where("user_id", "in", mentioned);
        await marks.execute();
      }
      return inserted;
    }),
  );
}

/** A message the reader has not hidden for themselves: one probe of the hides' key. */
function notHiddenFor(reader: number) {
  return (eb: ExpressionBuilder<Database, "messages">) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom("message_hides as h")
          .select("h.msg_id")
          .whereRef("h.msg_id", "=", "messages.msg_id")
          .where("h.user_id", "=", reader),
      ),
    );
}

/**
 * The page statement of one shape (issue 14: built and compiled once per shape, as Kysely's
 * building cost more than SQLite's answer): which of the optional conditions it has.
 * Arguments, in order: conversation, then `seq` after, reader, `msg_id` before (those the
 * shape has), then limit and offset.
 */
function pageStatement(after: boolean, reader: boolean, before: boolean) {
  const arity = 3 + Number(after) + Number(reader) + Number(before);
  return compiledOnce<MessageRow>((db, ...slots: never[]) => {
    let next = 0;
    const slot = () => slots[next++] as never;
    let query = db
      .selectFrom("messages")
      .selectAll()
      .where("conversation_id", "=", slot());
    if (after) query = query.where("seq", ">", slot());
    if (reader) query = query.where(notHiddenFor(slot()));
    if (before) query = query.where("msg_id", "<", slot());
    return query.orderBy("msg_id", "desc").limit(slot()).offset(slot());
  }, arity);
}

/** Every shape's statement, by its conditions as bits (after 4, reader 2, before 1). */
const PAGE_STATEMENTS = Array.from({ length: 8 }, (_, bits) =>
  pageStatement((bits & 4) !== 0, (bits & 2) !== 0, (bits & 1) !== 0),
);

/** One page of a conversation, newest first: before `beforeMsgId` when given. */
export function pageMessages(
  db: Db,
  conversationId: string,
  options: {
    beforeMsgId?: number | undefined;
    limit: number;
    offset: number;
    /** Only messages after this sequence number (a group member's join, history off). */
    afterSeq?: number;
    /** Leaves out what this reader hid for themselves ("delete for me"). */
    reader?: number;
  },
): Promise<MessageRow[]> {
  const args: Argument[] = [conversationId];
  let bits = 0;
  if (options.afterSeq) {
    bits |= 4;
    args.push(options.afterSeq);
  }
  if (options.reader !== undefined) {
    bits |= 2;
    args.push(options.reader);
  }
  if (options.beforeMsgId !== undefined) {
    bits |= 1;
    args.push(options.beforeMsgId);
  }
  args.push(options.limit, options.offset);
  const statement = PAGE_STATEMENTS[bits];
  if (!statement) throw new Error("pageMessages: no such shape");
  return statement(db, ...args);
}

/**
 * The newest messages of the whole system, for the console's message centre: by one-to-one
 * (0) or group (1) and by type, before a cursor. By the primary key, newest first; a rare
 * type may read further back to fill a page, bounded by the page's LIMIT.
 */
export function pageAllMessages(
  db: Db,
  options: {
    isGroup: 0 | 1 | null;
    types: readonly string[] | null;
    beforeMsgId?: number | undefined;
    limit: number;
  },
): Promise<MessageRow[]> {
  let query = db.selectFrom("messages").selectAll();
  if (options.isGroup !== null)
    query = query.where("is_group", "=", options.isGroup);
  if (options.types !== null) query = query.where("type", "in", options.types);
  if (options.beforeMsgId !== undefined)
    query = query.where("msg_id", "<", options.beforeMsgId);
  return query.orderBy("msg_id", "desc").limit(options.limit).execute();
}

/**
 * How many matches the history panel counts. Past it `count` says this many and the pager
 * offers its 50 pages of 20, the newest matches: more than anyone pages through, while each
 * request reads at most this many index entries (about a millisecond on SQLite), whatever
 * the conversation's size.
 */
const SEARCH_CAP = 1000;

/** Types whose words are searchable, by where the words are: a text, a file's name. */
function searchableIn(types: readonly string[] | null) {
  return {
    body: types === null || types.includes("text"),
    name: types === null || types.includes("file"),
  };
}

/**
 * The matches of a search as a query's shape and its arguments. The shape (which index,
 * which columns, whether the reader hides anything, which types) is named by `key` and
 * built by `build` from stand-ins for `args` (db/compiled-once.ts), so each shape is built
 * and compiled once per process, then run with each search's values (issue 14: building
 * and compiling the page's query with Kysely was an eighth of a search request). `build`
 * must give the query the same shape for the same key.
 */
interface Hits {
  key: string;
  args: Argument[];
  build: (db: Db, slots: readonly never[]) => RawBuilder<{ seq: number }>;
}

/** Whether `db` is SQLite (FTS5) rather than PostgreSQL (pg_trgm). */
function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * Messages of a conversation for the history panel: newest first by page, filtered by type
 * and words, with a total that is exact up to SEARCH_CAP. The matches come from indexes
 * (migration 0008) and every page reads the same at most SEARCH_CAP keys, so the last page
 * costs what the first costs and no request scans the conversation.
 */
export async function searchMessages(
  db: Db,
  conversationId: string,
  options: {
    types: string[] | null;
    /** Trimmed; "" lists without matching words. */
    keywords: string;
    limit: number;
    offset: number;
    afterSeq?: number;
    reader?: number;
  },
): Promise<{ rows: MessageRow[]; total: number }> {
  const filter = {
    conversationId,
    afterSeq: options.afterSeq ?? 0,
    reader: options.reader,
  };
  let hits: Hits | null;
  if (options.keywords === "") hits = typedHits(filter, options.types);
  else {
    const where = searchableIn(options.types);
    if (!where.body && !where.name) return { rows: [], total: 0 };
    if (isSqlite(db)) {
      await groupCommit(db).catchUpSearchIndex();
      hits = await sqliteHits(db, filter, options.keywords, where);
    } else hits = postgresHits(filter, options.keywords, where);
  }
  if (hits === null) return { rows: [], total: 0 };
  return pageOfHits(db, conversationId, hits, options.limit, options.offset);
}

interface HitFilter {
  conversationId: string;
  /** Only messages after this seq (a group member's join with history off); 0 for all. */
  afterSeq: number;
  reader: number | undefined;
}

type SearchRow = MessageRow & { search_total: number };

/** The compiled page and count of each shape of hits, by the shape's key. */
const hitPages = new Map<
  string,
  {
    page: (db: Db, ...args: readonly Argument[]) => Promise<SearchRow[]>;
    count: (db: Db, ...args: readonly Argument[]) => Promise<{ n: number }[]>;
  }
>();

/** The page and count queries of a shape of hits, compiled on first use. */
function compiledHits(hits: Hits) {
  const found = hitPages.get(hits.key);
  if (found) return found;
  const arity = hits.args.length;
  const made = {
    page: compiledOnce<SearchRow>(
      (db, ...slots: never[]) =>
        db
          .with(
            (cte) => cte("hits").materialized(),
            () =>
              sql<{ seq: number }>`(${hits.build(db, slots.slice(0, arity))})`,
          )
          .selectFrom((from) =>
            from
              .selectFrom("hits")
              .select("seq")
              .orderBy("seq", "desc")
              .limit(slots[arity] as never)
              .offset(slots[arity + 1] as never)
              .as("page"),
          )
          // A cross join keeps the page outer on SQLite: its keys drive one lookup each.
          // As an inner join ordered by m.seq, SQLite walked the conversation by index
          // instead (11 s on 100k messages).
          .crossJoin("messages as m")
          .where("m.conversation_id", "=", slots[arity + 2] as never)
          .whereRef("m.seq", "=", "page.seq")
          .selectAll("m")
          .select((eb) =>
            eb
              .selectFrom("hits")
              .select(eb.fn.countAll<number>().as("n"))
              .$asScalar()
              .as("search_total"),
          )
          .orderBy("page.seq", "desc"),
      arity + 3,
    ),
    count: compiledOnce<{ n: number }>(
      (db, ...slots: never[]) =>
        db
          .selectFrom(
            sql<{ seq: number }>`(${hits.build(db, slots.slice(0, arity))})`.as(
              "hit",
            ),
          )
          .select((eb) => eb.fn.countAll<number>().as("n")),
      arity,
    ),
  };
  hitPages.set(hits.key, made);
  return made;
}

/**
 * One page of the hits with their count, the rows read by (conversation, seq). The hits
 * are gathered once (a materialized CTE): the count reads them, the page is cut from them.
 * A page past the end has no rows to carry the count, so it is counted on its own; a first
 * page with no rows has nothing to count.
 */
async function pageOfHits(
  db: Db,
  conversationId: string,
  hits: Hits,
  limit: number,
  offset: number,
): Promise<{ rows: MessageRow[]; total: number }> {
  const queries = compiledHits(hits);
  const take = Math.min(limit, SEARCH_CAP - offset);
  if (take > 0) {
    const found = await queries.page(
      db,
      ...hits.args,
      take,
      offset,
      conversationId,
    );
    const first = found[0];
    // The rows keep their `search_total`: a wire message is built key by key
    // (toMessage), so it goes no further, and copying 20 rows without it cost more than
    // a tenth of the search's time outside SQLite (issue 14).
    if (first) return { rows: found, total: first.search_total };
    if (offset === 0) return { rows: [], total: 0 };
  }
  const [counted] = await queries.count(db, ...hits.args);
  return { rows: [], total: counted?.n ?? 0 };
}

/**
 * Without words: each type of the tab is its own range of (conversation, type, seq),
 * newest first and cut at the cap, merged. One range by seq alone could hold a million
 * texts before the tab's first picture.
 */
function typedHits(filter: HitFilter, types: readonly string[] | null): Hits {
  const hides = filter.reader !== undefined;
  return {
    key: `typed|${types?.join(",") ?? "*"}|${String(hides)}`,
    args: [
      filter.conversationId,
      filter.afterSeq,
      ...(hides ? [filter.reader ?? 0] : []),
    ],
    build: (db, [conversationId, afterSeq, reader]) => {
      const range = (type: string | null) => {
        let query = db
          .selectFrom("messages")
          .select("seq")
          .where("conversation_id", "=", conversationId as never)
          .where("seq", ">", afterSeq as never);
        if (type !== null) query = query.where("type", "=", type);
        if (hides) query = query.where(notHiddenFor(reader as never));
        return query.orderBy("seq", "desc").limit(SEARCH_CAP);
      };
      const ranges = (types ?? [null]).map((type, i) =>
        // SQLite takes ORDER BY and LIMIT in a compound's members only inside a subquery.
        db.selectFrom(range(type).as(`t${String(i)}`)).select("seq"),
      );
      const [first, ...rest] = ranges;
      if (!first) return sql<{ seq: number }>`select 0 as seq where 1 = 0`;
      const merged = rest.reduce((all, next) => all.unionAll(next), first);
      // Kysely puts the union in parentheses: a subquery.
      return sql<{ seq: number }>`select seq from ${merged} as typed
        order by seq desc limit ${SEARCH_CAP}`;
    },
  };
}

/**
 * A text's characters as SQLite counts them (length, substr) and as the tokenizers split
 * them: code points, not graphemes, so an emoji with a modifier is two.
 */
function codePoints(text: string): string[] {
  return Array.from(text);
}

/** An FTS5 phrase: the text in quotes, its own quotes doubled, so none of it is syntax. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** A conversation's number in the search index (SQLite), compiled once: every search asks it. */
const conversationKey = compiledOnce((db, conversationId) => ({
  compile: () =>
    sql<{ key: number }>`select conversation_key as key
      from message_search_conversations
      where conversation_id = ${conversationId}`.compile(db),
}));

/**
 * SQLite: the FTS5 tables of migrations 0008 and 0016 (db/search-index.ts), whose rowid
 * is the conversation's number times 2^32 plus seq. The conversation (and a group's
 * visible history) is a rowid range FTS5 seeks to; it walks it newest first and stops at
 * the cap. Three characters and more are a
 * phrase of trigrams; one or two are one token of the pieces table ("b" + the characters
 * for a text, "n" + them for a file name). The reader's hidden messages are left out by
 * their keys (a set built once per query). Null when nothing of the conversation was ever
 * indexed.
 */
async function sqliteHits(
  db: Db,
  filter: HitFilter,
  words: string,
  where: { body: boolean; name: boolean },
): Promise<Hits | null> {
  const [numbered] = await conversationKey(db, filter.conversationId);
  const key = numbered?.key;
  if (key === undefined) return null;
  const short = codePoints(words).length < 3;
  let match: string;
  if (short)
    match = [...(where.body ? ["b"] : []), ...(where.name ? ["n"] : [])]
      .map((prefix) => ftsPhrase(prefix + words))
      .join(" OR ");
  else {
    const column = where.body && where.name ? "" : where.body ? "body" : "name";
    match = (column ? `${column} : ` : "") + ftsPhrase(words);
  }
  const hides = filter.reader !== undefined;
  return {
    key: `fts|${String(short)}|${String(hides)}`,
    args: [
      key,
      match,
      filter.afterSeq + 1,
      ...(hides ? [filter.reader ?? 0, filter.conversationId] : []),
    ],
    build: (
      _db,
      [conversationKey, matching, firstSeq, reader, conversationId],
    ) => {
      const table = sql.table(
        short ? "message_search_grams" : "message_search_trigrams",
      );
      // Arithmetic stays in SQL: key × 2^32 outgrows a JavaScript number's exact range.
      const base = sql`(${conversationKey} << 32)`;
      const hidden = hides
        ? sql`and rowid not in (select ${base} + hm.seq from message_hides h
            join messages hm on hm.msg_id = h.msg_id
            where h.user_id = ${reader}
              and hm.conversation_id = ${conversationId})`
        : sql``;
      return sql<{ seq: number }>`select rowid - ${base} as seq from ${table}
        where ${table} match ${matching}
          and rowid between ${base} + ${firstSeq} and ${base} + 4294967295
          ${hidden}
        order by rowid desc limit ${SEARCH_CAP}`;
    },
  };
}

/**
 * PostgreSQL: the GIN indexes of migration 0008 over the shown text, lowered. Three
 * characters and more: pg_trgm serves a LIKE (its wildcards escaped). One or two: the
 * exact key "<conversation> <characters>" of the pieces index. The matches are gathered
 * first (a materialized CTE) so the planner cannot trade the index for a walk of the
 * conversation newest first that finds nothing when the words are rare (measured: 4 s on
 * 200k rows); then the newest, up to the cap.
 */
function postgresHits(
  filter: HitFilter,
  words: string,
  where: { body: boolean; name: boolean },
): Hits {
  const kinds = [
    ...(where.body ? ["text"] : []),
    ...(where.name ? ["file"] : []),
  ];
  const short = codePoints(words).length < 3;
  const hides = filter.reader !== undefined;
  return {
    key: `trgm|${String(short)}|${kinds.join(",")}|${String(hides)}`,
    args: [
      filter.conversationId,
      filter.afterSeq,
      short ? words : containing(words),
      ...(hides ? [filter.reader ?? 0] : []),
    ],
    build: (_db, [conversationId, afterSeq, pattern, reader]) => {
      const matching = short
        ? sql`message_search_grams(m.conversation_id, m.type, m.content, m.extends)
            @> array[cast(${conversationId} as text) || ' ' || lower(${pattern})]`
        : sql`message_search_text(m.type, m.content, m.extends)
            like lower(${pattern}) escape '\\'`;
      const hidden = hides
        ? sql`and not exists (select 1 from message_hides h
            where h.msg_id = m.msg_id and h.user_id = ${reader})`
        : sql``;
      // The literal type list is what lets the planner use the partial indexes.
      return sql<{ seq: number }>`with matches as materialized (
          select m.seq from messages m
          where m.conversation_id = ${conversationId}
            and m.type in ('text', 'file')
            and m.type in (${sql.join(kinds.map((kind) => sql.lit(kind)))})
            and m.seq > ${afterSeq}
            and ${matching}
            ${hidden}
        )
        select seq from matches order by seq desc limit ${SEARCH_CAP}`;
    },
  };
}

const readState = compiledOnce((db, readerId, conversationId) =>
  db
    .selectFrom("user_conversations as uc")
    .innerJoin("conversations as c", "c.conversation_id", "uc.conversation_id")
    .select(["uc.last_read_seq", "uc.unread", "uc.is_at", "c.last_seq"])
    .where("uc.user_id", "=", readerId)
    .where("uc.conversation_id", "=", conversationId),
);

/**
 * Whether a reader has anything left to mark read in a conversation: every page of the
 * history marks it read, and most pages are read with nothing new, so this read spares
 * them a write transaction (and its sync to disk: issue 14).
 */
async function nothingToMark(
  db: Db,
  readerId: number,
  conversationId: string,
): Promise<boolean> {
  const [state] = await readState(db, readerId, conversationId);
  return (
    state === undefined ||
    (state.last_read_seq >= state.last_seq &&
      state.unread === 0 &&
      state.is_at === 0)
  );
}

/**
 * Marks what the reader received in a conversation read, from their last read position
 * on (the unique (conversation, seq) index keeps this off a scan), and zeroes their
 * unread counter. Answers the messages that changed, once they are committed.
 */
export async function markRead(
  db: Db,
  readerId: number,
  conversationId: string,
): Promise<Array<Pick<MessageRow, "msg_id" | "client_msg_id" | "from_user">>> {
  if (await nothingToMark(db, readerId, conversationId)) return [];
  // Shares a commit with the writes around it (a reconnect storm's pages all mark read).
  return groupCommit(db).run(async (trx) => {
    const state = await trx
      .selectFrom("user_conversations")
      .select("last_read_seq")
      .where("user_id", "=", readerId)
      .where("conversation_id", "=", conversationId)
      .executeTakeFirst();
    const conversation = await trx
      .selectFrom("conversations")
      .select("last_seq")
      .where("conversation_id", "=", conversationId)
      .executeTakeFirst();
    if (!state || !conversation) return [];
    const changed = await trx
      .updateTable("messages")
      .set({ is_read: 1 })
      .where("conversation_id", "=", conversationId)
      .where("seq", ">", state.last_read_seq)
      .where("seq", "<=", conversation.last_seq)
      .where("to_user", "=", readerId)
      .where("is_read", "=", 0)
      .returning(["msg_id", "client_msg_id", "from_user"])
      .execute();
    await trx
      .updateTable("user_conversations")
      .set({ unread: 0, is_at: 0, last_read_seq: conversation.last_seq })
      .where("user_id", "=", readerId)
      .where("conversation_id", "=", conversationId)
      .execute();
    return changed;
  });
}

/**
 * Marks a group read for one member: their read position moves to the group's last message
 * and their mention mark clears. One write, whatever the group's size. Answers the range of
 * sequence numbers newly read (empty when `from` equals `to`).
 */
export async function markGroupRead(
  db: Db,
  readerId: number,
  conversationId: string,
): Promise<{ from: number; to: number; wrote: boolean }> {
  const [known] = await readState(db, readerId, conversationId);
  if (!known) return { from: 0, to: 0, wrote: false };
  if (
    known.last_read_seq >= known.last_seq &&
    known.unread === 0 &&
    known.is_at === 0
  )
    return { from: known.last_read_seq, to: known.last_read_seq, wrote: false };
  // Shares a commit with the writes around it (a reconnect storm's pages all mark read).
  return groupCommit(db).run(async (trx) => {
    const state = await trx
      .selectFrom("user_conversations as uc")
      .innerJoin(
        "conversations as c",
        "c.conversation_id",
        "uc.conversation_id",
      )
      .select(["uc.last_read_seq", "c.last_seq"])
      .where("uc.user_id", "=", readerId)
      .where("uc.conversation_id", "=", conversationId)
      .executeTakeFirst();
    if (!state) return { from: 0, to: 0, wrote: false };
    const to = Math.max(state.last_read_seq, state.last_seq);
    await trx
      .updateTable("user_conversations")
      .set({ last_read_seq: to, is_at: 0, unread: 0 })
      .where("user_id", "=", readerId)
      .where("conversation_id", "=", conversationId)
      .execute();
    return { from: state.last_read_seq, to, wrote: true };
  });
}

/**
 * Who of a group's members had a message to read and who has read it: members (the sender
 * aside) who were in the group when it was sent, split by whether their read position
 * reaches it.
 */
export async function listReaders(
  db: Db,
  groupId: number,
  message: { seq: number; fromUser: number },
): Promise<{ read: number[]; unread: number[] }> {
  const rows = await db
    .selectFrom("group_members as gm")
    .innerJoin("user_conversations as uc", (join) =>
      join
        .onRef("uc.user_id", "=", "gm.user_id")
        .on("uc.conversation_id", "=", `group-${String(groupId)}`),
    )
    .select(["gm.user_id", "uc.last_read_seq"])
    .where("gm.group_id", "=", groupId)
    .where("gm.joined_seq", "<", message.seq)
    .where("gm.user_id", "!=", message.fromUser)
    .orderBy("gm.user_id")
    .execute();
  const read: number[] = [];
  const unread: number[] = [];
  for (const row of rows)
    (row.last_read_seq >= message.seq ? read : unread).push(row.user_id);
  return { read, unread };
}

/**
 * For each message of a group, how many members have read it and how many had it to read
 * (the sender aside, and members who joined later): one indexed count per message.
 */
export async function countReaders(
  db: Db,
  groupId: number,
  messages: readonly { seq: number; fromUser: number }[],
): Promise<Map<number, { read: number; total: number }>> {
  const counts = new Map<number, { read: number; total: number }>();
  if (messages.length === 0) return counts;
  const conversationId = `group-${String(groupId)}`;
  const rows = await Promise.all(
    messages.map((m) =>
      db
        .selectFrom("group_members as gm")
        .innerJoin("user_conversations as uc", (join) =>
          join
            .onRef("uc.user_id", "=", "gm.user_id")
            .on("uc.conversation_id", "=", conversationId),
        )
        .select((eb) => [
          eb.fn.countAll<number>().as("total"),
          eb.fn
            .sum<number | null>(
              eb
                .case()
                .when("uc.last_read_seq", ">=", m.seq)
                .then(1)
                .else(0)
                .end(),
            )
            .as("read"),
        ])
        .where("gm.group_id", "=", groupId)
        .where("gm.joined_seq", "<", m.seq)
        .where("gm.user_id", "!=", m.fromUser)
        .executeTakeFirstOrThrow()
        .then((row) => [m.seq, row] as const),
    ),
  );
  for (const [seq, row] of rows)
    counts.set(seq, { read: row.read ?? 0, total: row.total });
  return counts;
}

/**
 * The group messages mentioning a member (by id, or everyone) with sequence numbers in
 * (from, to] — what they had not read — newest first, at most `limit`, with the total. Both
 * queries are ranges of the mentions index (group, member, seq): the cost follows the
 * mentions, never the unread messages. The member's own messages are left out.
 */
export async function listUnreadMentions(
  db: Db,
  userId: number,
  conversationId: string,
  range: { from: number; to: number; limit: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  if (range.to <= range.from) return { rows: [], total: 0 };
  const mentions = db
    .selectFrom("message_mentions as mm")
    .innerJoin("messages as m", "m.msg_id", "mm.msg_id")
    .where("mm.conversation_id", "=", conversationId)
    .where("mm.user_id", "in", [userId, 0])
    .where("mm.seq", ">", range.from)
    .where("mm.seq", "<=", range.to)
    .where("m.from_user", "!=", userId);
  // A message names everyone (0) or members, never both (storeGroupMessage): no repeats.
  const [rows, total] = await Promise.all([
    mentions
      .selectAll("m")
      .orderBy("mm.seq", "desc")
      .limit(range.limit)
      .execute(),
    mentions
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/** The distinct senders of a group's messages with sequence numbers in (from, to]. */
export async function listSendersBetween(
  db: Db,
  conversationId: string,
  from: number,
  to: number,
): Promise<number[]> {
  if (to <= from) return [];
  const rows = await db
    .selectFrom("messages")
    .select("from_user")
    .distinct()
    .where("conversation_id", "=", conversationId)
    .where("seq", ">", from)
    .where("seq", "<=", to)
    .execute();
  return rows.map((row) => row.from_user);
}

/** One stored message of a conversation by its key, or undefined. */
export function findInConversation(
  db: Db,
  conversationId: string,
  msgId: number,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .where("msg_id", "=", msgId)
    .executeTakeFirst();
}

/** A stored message by its key. */
export function findByMsgId(
  db: Db,
  msgId: number,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("msg_id", "=", msgId)
    .executeTakeFirst();
}

/** Whether a reader hid a message for themselves. */
export async function isHiddenFor(
  db: Db,
  reader: number,
  msgId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("message_hides")
    .select("msg_id")
    .where("msg_id", "=", msgId)
    .where("user_id", "=", reader)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's conversation states, with each conversation's last message. */
const conversationStates = (db: Db, userId: never) =>
  db
    .selectFrom("user_conversations as uc")
    .innerJoin("conversations as c", "c.conversation_id", "uc.conversation_id")
    .leftJoin("messages as m", "m.msg_id", "c.last_msg_id")
    .select([
      "uc.peer_id",
      "uc.is_group",
      "uc.is_top",
      "uc.is_notice",
      "uc.unread",
      "uc.is_at",
      "uc.draft",
      "c.last_send_time",
      "m.type as last_type",
      "m.content as last_content",
      "m.extends as last_extends",
      "m.is_undo as last_is_undo",
    ])
    .where("uc.user_id", "=", userId);
const allStates = compiledOnce((db, userId) => conversationStates(db, userId));
const oneState = compiledOnce((db, userId, peerId) =>
  conversationStates(db, userId).where("uc.peer_id", "=", peerId),
);

/**
 * A user's view of their conversations (on every contact list, so compiled once), or only
 * of the one with `peerId` (a user id, or `group-N`).
 */
export function listUserConversations(db: Db, userId: number, peerId?: string) {
  return peerId === undefined
    ? allStates(db, userId)
    : oneState(db, userId, peerId);
}

/** The users who list a one-to-one chat with this user (by index, no scan). */
export async function listChatPeers(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("user_conversations")
    .select("user_id")
    .where("peer_id", "=", String(userId))
    .where("is_group", "=", 0)
    // Not the user themselves: their chat with themselves has them as its peer.
    .where("user_id", "!=", userId)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Every pair of people with a one-to-one chat that holds messages, each pair once (the
 * lower id first): who becomes friends when the system moves to friend mode.
 */
export async function listChatPairs(db: Db): Promise<[number, number][]> {
  const rows = await db
    .selectFrom("user_conversations as uc")
    .innerJoin("conversations as c", "c.conversation_id", "uc.conversation_id")
    .select(["uc.user_id", "uc.peer_id"])
    .where("uc.is_group", "=", 0)
    .where("c.last_msg_id", "is not", null)
    .execute();
  const pairs = new Map<string, [number, number]>();
  for (const row of rows) {
    const peer = Number(row.peer_id);
    if (!Number.isInteger(peer) || peer <= 0 || peer === row.user_id) continue;
    const pair: [number, number] =
      row.user_id < peer ? [row.user_id, peer] : [peer, row.user_id];
    pairs.set(`${pair[0]}-${pair[1]}`, pair);
  }
  return [...pairs.values()];
}

/** One of a user's conversation states. */
export type ConversationState = Awaited<
  ReturnType<typeof listUserConversations>
>[number];

/** The messages, conversations and user_conversations tables, bound to a database. */
export function messagesRepository(db: Db) {
  return bindRepository(db, {
    clearGroupMessages,
    deleteMessagesBefore,
    pageAllMessages,
    findByClientId,
    findsRetriesFirst,
    storeDirectMessage,
    updateCallRecord,
    storeGroupMessage,
    pageMessages,
    searchMessages,
    markRead,
    markGroupRead,
    listReaders,
    countReaders,
    listUnreadMentions,
    listSendersBetween,
    findInConversation,
    isHiddenFor,
    findByMsgId,
    listUserConversations,
    listChatPeers,
    listChatPairs,
  });
}
/** What the messages service holds of its tables. */
export type MessagesRepository = ReturnType<typeof messagesRepository>;
