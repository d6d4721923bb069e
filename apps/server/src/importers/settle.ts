import type { Db } from "../db/database.js";
import { groupConversationId } from "../db/conversation-ids.js";

/** A member's unread messages in an imported group chat, by local ids. */
export interface GroupUnread {
  group?: (userId: number, groupId: number) => number;
}

/**
 * After the messages: each imported group's members read its history from where they
 * joined (a group whose `history` setting is off shows what it showed), and every
 * imported chat counts as read up to `readUpTo` of each user (the source's unread
 * state, when it has one; else all read).
 */
export async function settleImport(
  db: Db,
  source: string,
  unread: GroupUnread,
): Promise<void> {
  const groups = await db
    .selectFrom("import_links")
    .select("local_id")
    .where("source", "=", source)
    .where("kind", "=", "group")
    .execute();
  for (const { local_id } of groups) {
    const groupId = local_id;
    const conversationId = groupConversationId(groupId);
    await db.transaction().execute(async (trx) => {
      const members = await trx
        .selectFrom("group_members")
        .select(["user_id", "joined_at"])
        .where("group_id", "=", groupId)
        .execute();
      const last = await trx
        .selectFrom("conversations")
        .select("last_seq")
        .where("conversation_id", "=", conversationId)
        .executeTakeFirst();
      const lastSeq = last?.last_seq ?? 0;
      for (const member of members) {
        const before = await trx
          .selectFrom("messages")
          .select((eb) => eb.fn.max("seq").as("seq"))
          .where("conversation_id", "=", conversationId)
          .where("created_at", "<", member.joined_at)
          .executeTakeFirst();
        const joinedSeq = before?.seq ?? 0;
        await trx
          .updateTable("group_members")
          .set({ joined_seq: joinedSeq })
          .where("group_id", "=", groupId)
          .where("user_id", "=", member.user_id)
          .execute();
        const left = Math.max(0, unread.group?.(member.user_id, groupId) ?? 0);
        await trx
          .updateTable("user_conversations")
          .set({
            last_read_seq: Math.max(joinedSeq, lastSeq - left),
            is_at: 0,
          })
          .where("user_id", "=", member.user_id)
          .where("conversation_id", "=", conversationId)
          .execute();
      }
    });
  }
  // One-to-one chats: unread is what the receiver had not read.
  const users = await db
    .selectFrom("import_links")
    .select("local_id")
    .where("source", "=", source)
    .where("kind", "=", "user")
    .execute();
  for (const { local_id } of users) {
    const userId = local_id;
    const views = await db
      .selectFrom("user_conversations")
      .select("conversation_id")
      .where("user_id", "=", userId)
      .where("is_group", "=", 0)
      .execute();
    for (const view of views) {
      const count = await db
        .selectFrom("messages")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("conversation_id", "=", view.conversation_id)
        .where("to_user", "=", userId)
        .where("from_user", "!=", userId)
        .where("is_read", "=", 0)
        .where("is_undo", "=", 0)
        .executeTakeFirst();
      await db
        .updateTable("user_conversations")
        .set({ unread: count?.n ?? 0 })
        .where("user_id", "=", userId)
        .where("conversation_id", "=", view.conversation_id)
        .execute();
    }
  }
}
