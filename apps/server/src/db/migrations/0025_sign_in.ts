import type { AnyDb } from "./dialect.js";

/*
 * Frozen once landed. Issue 46 (extensions.md §7): a user's two-factor secret (encrypted
 * with a key derived from the installation's secret; `enabled` 0 while set up but not yet
 * confirmed; `last_step` the newest 30-s step a code was accepted for, so a code is taken
 * once), their recovery codes (each a keyed hash, deleted when spent), the identities an
 * account is known by elsewhere (an OpenID provider's subject, a directory entry), and a
 * session that may only set up two-factor (`setup_only`: the administrators require it).
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("user_totp")
    .addColumn("user_id", "bigint", (c) =>
      c.primaryKey().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_step", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("totp_recovery_codes")
    .addColumn("user_id", "bigint", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("totp_recovery_codes_key", [
      "user_id",
      "code_hash",
    ])
    .execute();
  await db.schema
    .createTable("user_identities")
    // "oidc:<issuer>" or "ldap"; the subject is the provider's `sub` or the entry's DN.
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("user_id", "bigint", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_identities_key", ["provider", "subject"])
    .execute();
  await db.schema
    .createIndex("user_identities_by_user")
    .on("user_identities")
    .columns(["user_id", "provider"])
    .execute();
  await db.schema
    .alterTable("sessions")
    .addColumn("setup_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
