import type { Kysely } from "kysely";

/*
 * Frozen once landed. Issue 8: a group message's mentions get a row each (0 is everyone), so
 * `atMsgList` finds a member's unread mentions by index — never by reading every unread
 * message's `at` text — and a group's first nine members (its avatar) list by joining order
 * by index. Mentions already stored are copied over.
 */

// The migration must not depend on the app's evolving schema types.
type AnyDb = Kysely<unknown>;

/** The two tables as this migration knows them. */
interface Tables {
  messages: {
    msg_id: number;
    conversation_id: string;
    seq: number;
    from_user: number;
    is_group: number;
    at: string;
  };
  message_mentions: {
    msg_id: number;
    conversation_id: string;
    user_id: number;
    seq: number;
  };
}

const BATCH = 500;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("message_mentions")
    .addColumn("msg_id", "bigint", (c) =>
      c.notNull().references("messages.msg_id").onDelete("cascade"),
    )
    .addColumn("conversation_id", "varchar(64)", (c) => c.notNull())
    // The mentioned member, or 0 for everyone; so no reference to users.
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("seq", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("message_mentions_pk", ["msg_id", "user_id"])
    .execute();
  // A member's unread mentions: (group, me or 0, after my read position), newest first.
  await db.schema
    .createIndex("message_mentions_unread")
    .on("message_mentions")
    .columns(["conversation_id", "user_id", "seq"])
    .execute();
  // A group's members in joining order (its avatar shows the first nine).
  await db.schema
    .createIndex("group_members_by_join")
    .on("group_members")
    .columns(["group_id", "joined_at", "user_id"])
    .execute();
  await copyMentions(db);
}

/** Copies the mentions of stored group messages, a batch at a time in key order. */
async function copyMentions(db: AnyDb): Promise<void> {
  // The migration's own view of two tables it just made or that 0001 made.
  const typed = db as unknown as Kysely<Tables>;
  let after = 0;
  for (;;) {
    const rows = await typed
      .selectFrom("messages")
      .select(["msg_id", "conversation_id", "seq", "from_user", "at"])
      .where("is_group", "=", 1)
      .where("at", "!=", "")
      .where("msg_id", ">", after)
      .orderBy("msg_id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const mentions = rows.flatMap((row) => {
      const ids = [...new Set(row.at.split(",").map(Number))].filter(
        (id) => Number.isInteger(id) && id >= 0 && id !== row.from_user,
      );
      // Everyone covers each member: one row, as the app stores it.
      return (ids.includes(0) ? [0] : ids).map((userId) => ({
        msg_id: row.msg_id,
        conversation_id: row.conversation_id,
        user_id: userId,
        seq: row.seq,
      }));
    });
    // Chunks keep each insert well under SQLite's limit of bound parameters.
    for (let i = 0; i < mentions.length; i += BATCH)
      await typed
        .insertInto("message_mentions")
        .values(mentions.slice(i, i + BATCH))
        .execute();
    after = rows[rows.length - 1]?.msg_id ?? after;
  }
}
