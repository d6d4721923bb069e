import { createHash } from "node:crypto";
import type { LinkPreview } from "@parley/protocol";
import type Sharp from "sharp";
import { lazyRequire } from "../../lib/lazy-require.js";
import { STORAGE_PREFIX, type Storage } from "../../storage/storage.js";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Policy } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import {
  FetchRefused,
  fetchPublic,
  type PublicFetchOptions,
} from "../../lib/public-fetch.js";
import type { LinkPreviewTarget } from "../messages/messages.ports.js";
import { pageMeta, previewOf } from "./page-meta.js";
import type { PreviewsRepository } from "./previews.repository.js";

/** One fetch of an address a day, whoever sends it (extensions.md §5). */
export const PREVIEW_TTL_MS = 24 * 3600 * 1000;
/** How long a send waits for a fetch another request (or process) is making. */
const WAIT_FOR_OTHER_MS = 8_000;
const POLL_MS = 250;

/** A page's picture: 5 MB at most, a picture by its bytes (extensions.md §5). */
const PICTURE_FETCH = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 5_000,
  maxRedirects: 3,
  accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9",
} as const;
/** The picture kinds kept, by their bytes. */
const PICTURE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
]);
/** Its longest side once kept, px; and the most pixels read of it. */
const PICTURE_SIZE = 600;
const MAX_PICTURE_PIXELS = 32_000_000;
const sharp = lazyRequire<typeof Sharp>("sharp");

/** The page's fetch: 1 MB read at most, 5 s, 3 redirects (extensions.md §5). */
const PAGE_FETCH = {
  maxBytes: 1024 * 1024,
  truncate: true,
  timeoutMs: 5_000,
  maxRedirects: 3,
  accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
} as const;

export interface PreviewsDeps {
  repo: PreviewsRepository;
  /** Where the pictures are kept (the public `preview/` folder). */
  storage: Storage;
  messages: LinkPreviewTarget;
  policy: Policy;
  clock: Clock;
  logger: Logger;
  /** LINK_PREVIEW_ALLOW_HOSTS. */
  allowHosts: ReadonlySet<string>;
  /** Resolves names (tests give their own). */
  lookup?: PublicFetchOptions["lookup"];
}

/** The first web link the server made in a message's HTML, as its address. */
export function firstLink(content: string): string | null {
  const found = /<a href="(https?:\/\/[^"]+)"/i.exec(content);
  if (!found?.[1]) return null;
  return found[1].replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

/**
 * Link previews (extensions.md §5): for a text message with a web link, its first link's
 * page is fetched through the address guard (lib/public-fetch.ts) and what it says of
 * itself put on the message, which everyone showing it hears. Each address is fetched at
 * most once a day across the installation; a send never waits for any of it.
 */
export class PreviewsService {
  /** The work under way, so tests (and a stopping process) can wait for it. */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: PreviewsDeps) {}

  /** A text message with a link was stored: its preview is made in the background. */
  linkSent(message: { msgId: number; content: string }): void {
    const work = this.preview(message).catch((error: unknown) => {
      this.deps.logger.warn({ err: error }, "link preview failed");
    });
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  /** Resolves once every preview started so far is done. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async preview(message: {
    msgId: number;
    content: string;
  }): Promise<void> {
    const config = await this.deps.policy.config();
    if (config.chatInfo.linkPreview === "0") return;
    const url = firstLink(message.content);
    if (!url) return;
    const preview = await this.previewOfUrl(url);
    if (preview)
      await this.deps.messages.attachLinkPreview(message.msgId, preview);
  }

  /** The preview of an address: cached for a day, else fetched by one request only. */
  private async previewOfUrl(url: string): Promise<LinkPreview | null> {
    const { repo, clock } = this.deps;
    const now = clock.now();
    const cached = await repo.findPreview(url);
    if (cached && cached.fetchedAt > now - PREVIEW_TTL_MS) {
      if (cached.status !== "pending") return cached.preview;
      return this.waitForOther(url);
    }
    if (!(await repo.claimFetch(url, now, now - PREVIEW_TTL_MS)))
      return this.waitForOther(url);
    const preview = await this.fetchPreview(url);
    await repo.storeFetch(url, {
      status: preview ? "done" : "failed",
      preview,
    });
    return preview;
  }

  /** Another request is fetching the address: its result, when it comes in time. */
  private async waitForOther(url: string): Promise<LinkPreview | null> {
    for (let waited = 0; waited < WAIT_FOR_OTHER_MS; waited += POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const cached = await this.deps.repo.findPreview(url);
      if (cached && cached.status !== "pending") return cached.preview;
    }
    return null;
  }

  /**
   * A page's picture as Parley keeps it: fetched through the same guard (5 MB at most), a
   * picture by its bytes (not by what the server says it is), re-encoded (nothing of the
   * original file but its pixels is kept) and stored in the public `preview/` folder by
   * its content. "" when it cannot be had.
   */
  private async storePicture(address: string): Promise<string> {
    try {
      const fetched = await fetchPublic(address, {
        ...PICTURE_FETCH,
        allowHosts: this.deps.allowHosts,
        ...(this.deps.lookup ? { lookup: this.deps.lookup } : {}),
      });
      const { fileTypeFromBuffer } = await import("file-type");
      const type = await fileTypeFromBuffer(fetched.body);
      if (!type || !PICTURE_TYPES.has(type.mime)) return "";
      const webp = await sharp()(fetched.body, {
        limitInputPixels: MAX_PICTURE_PIXELS,
        animated: false,
      })
        .rotate()
        .resize(PICTURE_SIZE, PICTURE_SIZE, {
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer();
      const hash = createHash("sha256").update(webp).digest("hex").slice(0, 40);
      const key = `preview/${hash.slice(0, 2)}/${hash}.webp`;
      await this.deps.storage.put(key, webp);
      return `${STORAGE_PREFIX}${key}`;
    } catch (error) {
      this.deps.logger.info(
        { url: address, err: error },
        "link preview picture not kept",
      );
      return "";
    }
  }

  /** Fetches the page and reads it; null for a page that cannot be fetched or says nothing. */
  private async fetchPreview(url: string): Promise<LinkPreview | null> {
    try {
      const page = await fetchPublic(url, {
        ...PAGE_FETCH,
        allowHosts: this.deps.allowHosts,
        ...(this.deps.lookup ? { lookup: this.deps.lookup } : {}),
      });
      if (!/html/i.test(page.contentType)) return null;
      const meta = pageMeta(page.body.toString("utf8"), page.url);
      if (!meta.title && !meta.description) return null;
      const image = meta.image ? await this.storePicture(meta.image) : "";
      return previewOf(url, meta, image);
    } catch (error) {
      if (error instanceof FetchRefused) {
        this.deps.logger.info(
          { url, reason: error.reason },
          "link not previewed",
        );
        return null;
      }
      throw error;
    }
  }
}
