import type { Db } from "../../db/database.js";

/** Every active user but one, in id order; in run mode 2 only that user's friends. */
export function listContactUsers(db: Db, userId: number, friendsOnly: boolean) {
  let query = db
    .selectFrom("users")
    .select([
      "user_id",
      "account",
      "realname",
      "avatar",
      "email",
      "name_py",
      "last_login_ip",
    ])
    .where("status", "=", 1)
    .where("deleted_at", "is", null)
    .where("user_id", "!=", userId);
  if (friendsOnly) {
    query = query.where("user_id", "in", (eb) =>
      eb
        .selectFrom("friends")
        .select("friend_user_id")
        .where("friends.user_id", "=", userId),
    );
  }
  return query.orderBy("user_id").execute();
}

/** A user's conversation states, with each conversation's last message. */
export function listUserConversations(db: Db, userId: number) {
  return db
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
    ])
    .where("uc.user_id", "=", userId)
    .execute();
}

/** Friend nicknames the user gave, by friend id. */
export async function friendNicknames(
  db: Db,
  userId: number,
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("friends")
    .select(["friend_user_id", "nickname"])
    .where("user_id", "=", userId)
    .where("nickname", "!=", "")
    .execute();
  return new Map(rows.map((r) => [r.friend_user_id, r.nickname]));
}
