import type { LinkPreview } from "@parley/protocol";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/** A linked address as last fetched. */
export interface CachedPreview {
  fetchedAt: number;
  status: "pending" | "done" | "failed";
  preview: LinkPreview | null;
}

async function findPreview(
  db: Db,
  url: string,
): Promise<CachedPreview | undefined> {
  const row = await db
    .selectFrom("link_previews")
    .selectAll()
    .where("url", "=", url)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    fetchedAt: row.fetched_at,
    status:
      row.status === "done" || row.status === "failed" ? row.status : "pending",
    preview: row.preview ? (JSON.parse(row.preview) as LinkPreview) : null,
  };
}

/**
 * Takes the fetching of an address: true for the one caller, on any process, that inserts
 * it or finds it older than `staleBefore`; everyone else uses or waits for that fetch.
 */
async function claimFetch(
  db: Db,
  url: string,
  now: number,
  staleBefore: number,
): Promise<boolean> {
  const claimed = await db
    .insertInto("link_previews")
    .values({ url, fetched_at: now, status: "pending", preview: null })
    .onConflict((oc) =>
      oc
        .column("url")
        .doUpdateSet({ fetched_at: now, status: "pending", preview: null })
        .where("link_previews.fetched_at", "<", staleBefore),
    )
    .returning("url")
    .executeTakeFirst();
  return claimed !== undefined;
}

async function storeFetch(
  db: Db,
  url: string,
  result: { status: "done" | "failed"; preview: LinkPreview | null },
): Promise<void> {
  await db
    .updateTable("link_previews")
    .set({
      status: result.status,
      preview: result.preview ? JSON.stringify(result.preview) : null,
    })
    .where("url", "=", url)
    .execute();
}

/** The previews fetched, one row per address. */
export function previewsRepository(db: Db) {
  return bindRepository(db, { findPreview, claimFetch, storeFetch });
}

export type PreviewsRepository = ReturnType<typeof previewsRepository>;
