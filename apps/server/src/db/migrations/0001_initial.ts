import {
  type ColumnDefinitionBuilder,
  type Kysely,
  PostgresAdapter,
} from "kysely";

/*
 * Frozen once landed: a later change adds a new migration, never edits this one.
 * It runs on SQLite and on PostgreSQL; the only dialect difference is the key column.
 */

// The migration must not depend on the app's evolving schema types.
type AnyDb = Kysely<unknown>;

const ms = "bigint" as const;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function serialKey(db: AnyDb) {
  return isPostgres(db)
    ? {
        type: "bigserial" as const,
        build: (c: ColumnDefinitionBuilder) => c.primaryKey(),
      }
    : {
        type: "integer" as const,
        build: (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement(),
      };
}

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);

  await db.schema
    .createTable("users")
    .addColumn("user_id", key.type, key.build)
    .addColumn("account", "varchar(255)", (c) => c.notNull().unique())
    .addColumn("realname", "varchar(255)", (c) => c.notNull())
    .addColumn("password_hash", "varchar(255)", (c) => c.notNull())
    .addColumn("avatar", "varchar(512)", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "varchar(255)", (c) => c.notNull().defaultTo(""))
    .addColumn("sex", "integer", (c) => c.notNull().defaultTo(2))
    .addColumn("role", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("motto", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("remark", "varchar(255)", (c) => c.notNull().defaultTo(""))
    .addColumn("name_py", "varchar(255)", (c) => c.notNull().defaultTo(""))
    .addColumn("setting", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("is_auth", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("lang", "varchar(8)")
    .addColumn("cs_uid", ms)
    .addColumn("friend_limit", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("group_limit", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_login_at", ms)
    .addColumn("last_login_ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("login_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("register_ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .addColumn("deleted_at", ms)
    .execute();
  // The contact list of run mode 1 walks active users in id order.
  await db.schema
    .createIndex("users_status_id")
    .on("users")
    .columns(["status", "user_id"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("session_id", key.type, key.build)
    .addColumn("token_hash", "char(64)", (c) => c.notNull().unique())
    .addColumn("user_id", ms, (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("remember", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("terminal", "varchar(32)", (c) => c.notNull().defaultTo("web"))
    .addColumn("ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "varchar(512)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("expires_at", ms, (c) => c.notNull())
    .addColumn("last_seen_at", ms, (c) => c.notNull())
    .addColumn("revoked_at", ms)
    .addColumn("revoke_reason", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("sessions_user")
    .on("sessions")
    .columns(["user_id", "revoked_at"])
    .execute();

  await db.schema
    .createTable("verification_codes")
    .addColumn("code_id", key.type, key.build)
    .addColumn("account", "varchar(255)", (c) => c.notNull())
    .addColumn("type", "integer", (c) => c.notNull())
    .addColumn("code_hash", "char(64)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("expires_at", ms, (c) => c.notNull())
    .addColumn("used_at", ms)
    .execute();
  await db.schema
    .createIndex("verification_codes_account")
    .on("verification_codes")
    .columns(["account", "type", "created_at"])
    .execute();

  await db.schema
    .createTable("config")
    .addColumn("name", "varchar(64)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("friend_applications")
    .addColumn("application_id", key.type, key.build)
    .addColumn("from_user_id", ms, (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("to_user_id", ms, (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("remark", "varchar(255)", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(2))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("friend_applications_to")
    .on("friend_applications")
    .columns(["to_user_id", "status", "created_at"])
    .execute();
  await db.schema
    .createIndex("friend_applications_from")
    .on("friend_applications")
    .columns(["from_user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("friends")
    .addColumn("user_id", ms, (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("friend_user_id", ms, (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("nickname", "varchar(255)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addPrimaryKeyConstraint("friends_pk", ["user_id", "friend_user_id"])
    .execute();

  await db.schema
    .createTable("groups")
    .addColumn("group_id", key.type, key.build)
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("name_py", "varchar(255)", (c) => c.notNull().defaultTo(""))
    .addColumn("avatar", "varchar(512)", (c) => c.notNull().defaultTo(""))
    .addColumn("owner_id", ms, (c) => c.notNull().references("users.user_id"))
    .addColumn("created_by", ms, (c) => c.notNull().references("users.user_id"))
    .addColumn("notice", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("setting", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .addColumn("deleted_at", ms)
    .execute();

  await db.schema
    .createTable("group_members")
    .addColumn("group_id", ms, (c) =>
      c.notNull().references("groups.group_id").onDelete("cascade"),
    )
    .addColumn("user_id", ms, (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("role", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("invited_by", ms)
    .addColumn("joined_at", ms, (c) => c.notNull())
    .addColumn("muted_until", ms)
    .addPrimaryKeyConstraint("group_members_pk", ["group_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("group_members_user")
    .on("group_members")
    .columns(["user_id", "group_id"])
    .execute();

  await db.schema
    .createTable("conversations")
    .addColumn("conversation_id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("is_group", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_seq", ms, (c) => c.notNull().defaultTo(0))
    .addColumn("last_msg_id", ms)
    .addColumn("last_send_time", ms)
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("msg_id", key.type, key.build)
    .addColumn("conversation_id", "varchar(64)", (c) =>
      c
        .notNull()
        .references("conversations.conversation_id")
        .onDelete("cascade"),
    )
    .addColumn("seq", ms, (c) => c.notNull())
    .addColumn("client_msg_id", "varchar(64)", (c) => c.notNull())
    .addColumn("from_user", ms, (c) => c.notNull().references("users.user_id"))
    .addColumn("to_user", ms, (c) => c.notNull())
    .addColumn("is_group", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("type", "varchar(32)", (c) => c.notNull().defaultTo("text"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pid", ms)
    .addColumn("file_id", ms)
    .addColumn("extends", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_undo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addUniqueConstraint("messages_conversation_seq", [
      "conversation_id",
      "seq",
    ])
    .addUniqueConstraint("messages_sender_client_id", [
      "from_user",
      "client_msg_id",
    ])
    .execute();
  // Paging by conversation with last_id (msg_id) as the cursor.
  await db.schema
    .createIndex("messages_conversation_msg")
    .on("messages")
    .columns(["conversation_id", "msg_id"])
    .execute();

  await db.schema
    .createTable("user_conversations")
    .addColumn("user_id", ms, (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("conversation_id", "varchar(64)", (c) =>
      c
        .notNull()
        .references("conversations.conversation_id")
        .onDelete("cascade"),
    )
    .addColumn("peer_id", "varchar(64)", (c) => c.notNull())
    .addColumn("is_group", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_top", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_notice", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("unread", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_at", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_read_seq", ms, (c) => c.notNull().defaultTo(0))
    .addColumn("last_send_time", ms)
    .addColumn("draft", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", ms, (c) => c.notNull())
    .addPrimaryKeyConstraint("user_conversations_pk", [
      "user_id",
      "conversation_id",
    ])
    .execute();
  // The contact list: pinned first, then by last send time, per user.
  await db.schema
    .createIndex("user_conversations_order")
    .on("user_conversations")
    .columns(["user_id", "is_top", "last_send_time"])
    .execute();
  await db.schema
    .createIndex("user_conversations_peer")
    .on("user_conversations")
    .columns(["user_id", "peer_id"])
    .unique()
    .execute();

  await db.schema
    .createTable("files")
    .addColumn("file_id", key.type, key.build)
    .addColumn("user_id", ms, (c) => c.notNull().references("users.user_id"))
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("ext", "varchar(32)", (c) => c.notNull().defaultTo(""))
    .addColumn("mime", "varchar(255)", (c) => c.notNull().defaultTo(""))
    .addColumn("size", ms, (c) => c.notNull())
    .addColumn("cate", "integer", (c) => c.notNull().defaultTo(9))
    .addColumn("storage_key", "varchar(512)", (c) => c.notNull())
    .addColumn("md5", "char(32)", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("deleted_at", ms)
    .execute();
  await db.schema
    .createIndex("files_user")
    .on("files")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("files_md5")
    .on("files")
    .columns(["md5"])
    .execute();
}
