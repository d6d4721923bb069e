import { compiledOnce, type Argument } from "../../db/compiled-once.js";
import { type ExpressionBuilder } from "kysely";
import { type Db } from "../../db/database.js";
import { type Database } from "../../db/schema.js";
import { type MessageRow } from "./message-store.repository.js";

/** A message the reader has not hidden for themselves: one probe of the hides' key. */
export function notHiddenFor(reader: number) {
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
function pageStatement(
  after: boolean,
  reader: boolean,
  before: boolean,
  rootsOnly: boolean,
) {
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
    // Replies "also sent to chat" stay beside the roots.
    if (rootsOnly)
      query = query.where((eb) =>
        eb.or([eb("thread_root", "is", null), eb("thread_broadcast", "=", 1)]),
      );
    return query.orderBy("msg_id", "desc").limit(slot()).offset(slot());
  }, arity);
}

/**
 * Every shape's statement, by its conditions as bits (without thread replies 8, after 4,
 * reader 2, before 1).
 */
const PAGE_STATEMENTS = Array.from({ length: 16 }, (_, bits) =>
  pageStatement(
    (bits & 4) !== 0,
    (bits & 2) !== 0,
    (bits & 1) !== 0,
    (bits & 8) !== 0,
  ),
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
    /** Leaves out replies in threads (`getMessageList threads=1`, extensions.md §6). */
    rootsOnly?: boolean;
  },
): Promise<MessageRow[]> {
  const args: Argument[] = [conversationId];
  let bits = options.rootsOnly ? 8 : 0;
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
