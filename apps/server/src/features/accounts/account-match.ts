import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../db/schema.js";

/**
 * Accounts compare without regard to letter case (issue 7, break 12): both sides go through
 * the database's own lower(), the same function its unique index on lower(account) uses.
 */
export function sameAccount(account: string) {
  return (eb: ExpressionBuilder<Database, "users">) =>
    eb(sql`lower(account)`, "=", sql`lower(${account})`);
}
