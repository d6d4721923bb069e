import type { AnyDb } from "./dialect.js";

/*
 * Frozen once landed. Issue 10: a blob's content address is BLAKE3 from now on, not
 * SHA-256 (plugins/body.ts says why), so its column is named for what it holds, not for
 * one algorithm. Blobs already stored keep their SHA-256: the column only ever finds the
 * same bytes again, and those bytes sent again are stored once more under their BLAKE3,
 * the older copy freed with the last message that uses it. Both are 64 hex digits, and
 * two different contents meeting on one value is as unlikely as a collision of either.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("blobs")
    .renameColumn("sha256", "digest")
    .execute();
}
