import { createHash } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDb } from "../../../test/test-db.js";
import { migrateToLatest } from "../../db/database.js";
import { findBlob } from "./files.repository.js";

describe("the blob digest migration (0018)", () => {
  it("keeps a blob stored before it findable by the SHA-256 it was stored under", async () => {
    const testDb = await createTestDb({ upTo: "0017_group_members_version" });
    const { db } = testDb;
    try {
      const old = createHash("sha256").update("stored before").digest("hex");
      await sql`insert into blobs (sha256, storage_key, size, created_at)
        values (${old}, ${`blob/${old.slice(0, 2)}/${old}-000000000000`}, 13, ${Date.now()})`.execute(
        db,
      );
      await migrateToLatest(db, testDb.schema);
      const found = await findBlob(db, old);
      expect(found?.storage_key).toBe(
        `blob/${old.slice(0, 2)}/${old}-000000000000`,
      );
      // The unique rule moved with the column: the same digest cannot be stored twice.
      await expect(
        sql`insert into blobs (digest, storage_key, size, created_at)
          values (${old}, 'blob/xx/again', 13, ${Date.now()})`.execute(db),
      ).rejects.toThrow();
    } finally {
      await db.destroy();
      await testDb.drop();
    }
  });
});
