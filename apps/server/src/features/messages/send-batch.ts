import { sql, type RawBuilder } from "kysely";
import { type Db } from "../../db/database.js";
import { groupCommit } from "../../db/group-commit.js";
import { isSqlite } from "../../db/dialect.js";
import { InTurn } from "../../lib/in-turn.js";
import {
  insertMessage,
  markConversationLast,
  nextSeq,
  touchUserConversation,
  type MessageRow,
  type NewDirectMessage,
  type ThreadLink,
} from "./message-store.repository.js";
import { storeInThread } from "./threads.repository.js";

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
  // A note to oneself has one view, a reply in a thread its thread to count: the general way.
  if (!isSqlite(db) && message.fromUser !== message.toUser && !message.thread) {
    const row = directRow(message, now());
    // In its conversation's turn, with the other conversations' sends of the moment.
    return inTurn(db, row.conversation_id, () => sendBatch(db).store(row));
  }
  return inTurn(db, message.conversationId, () =>
    groupCommit(db).run(async (trx) => {
      const at = now();
      const seq = await nextSeq(trx, message.conversationId, 0, at);
      const plain = await insertMessage(trx, {
        ...directRow(message, at),
        seq,
      });
      const inserted = message.thread
        ? await storeInThread(trx, plain, message.thread)
        : plain;
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
  /** A reply in a thread: its root (extensions.md §6). */
  thread?: ThreadLink | null;
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
  if (!isSqlite(db) && !mentions && !message.thread) {
    const row = groupRow(message, now());
    // In the group's turn, with the other conversations' sends of the moment.
    return inTurn(db, conversationId, () => sendBatch(db).store(row));
  }
  return inTurn(db, conversationId, () =>
    groupCommit(db).run(async (trx) => {
      const at = now();
      const seq = await nextSeq(trx, conversationId, 1, at);
      const plain = await insertMessage(trx, {
        ...groupRow(message, at),
        seq,
      });
      const inserted = message.thread
        ? await storeInThread(trx, plain, message.thread)
        : plain;
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
