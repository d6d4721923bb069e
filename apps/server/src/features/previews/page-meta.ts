import type { LinkPreview } from "@parley/protocol";
import type * as Htmlparser2 from "htmlparser2";
import { lazyRequire } from "../../lib/lazy-require.js";

/** Loaded at the first link preview, not at start (W7, issue 49). */
const htmlparser2 = lazyRequire<typeof Htmlparser2>("htmlparser2");

/** The longest title, description and site name kept (characters). */
const LIMITS = { title: 200, description: 500, siteName: 100 } as const;

/** A page's words for its preview, as text; "" for what it does not say. */
export interface PageMeta {
  title: string;
  description: string;
  siteName: string;
  /** Its picture's address, absolute; "" for none. */
  image: string;
}

const clip = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join("")}…`;
};

/**
 * What a page says of itself (extensions.md §5): OpenGraph first, then the Twitter card,
 * then `<title>` and `<meta name=description>`. htmlparser2 reads the markup (entities
 * decoded), and only the words are kept: whatever markup they spell stays text.
 */
export function pageMeta(html: string, pageUrl: string): PageMeta {
  const meta = new Map<string, string>();
  let title = "";
  let inTitle = false;
  const reading = { done: false };
  const parser = new (htmlparser2().Parser)(
    {
      onopentag(name, attributes) {
        if (name === "title") inTitle = true;
        if (name !== "meta") return;
        const key = (
          attributes.property ??
          attributes.name ??
          ""
        ).toLowerCase();
        const content = attributes.content;
        if (key && content !== undefined && !meta.has(key))
          meta.set(key, content);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
        // Everything wanted is in the head: the body is not read.
        if (name === "head") reading.done = true;
      },
    },
    { decodeEntities: true },
  );
  // Fed in pieces, so a page whose head has ended is left unread.
  for (let at = 0; at < html.length && !reading.done; at += 16_384)
    parser.write(html.slice(at, at + 16_384));
  parser.end();
  const first = (...keys: string[]) =>
    keys.map((key) => meta.get(key) ?? "").find((value) => value.trim()) ?? "";
  let image = first(
    "og:image",
    "og:image:url",
    "twitter:image",
    "twitter:image:src",
  );
  try {
    image = image ? new URL(image, pageUrl).toString() : "";
    if (!/^https?:/.test(image)) image = "";
  } catch {
    image = "";
  }
  return {
    title: clip(first("og:title", "twitter:title") || title, LIMITS.title),
    description: clip(
      first("og:description", "twitter:description", "description"),
      LIMITS.description,
    ),
    siteName: clip(first("og:site_name", "application-name"), LIMITS.siteName),
    image,
  };
}

/** A preview of `url` from what its page says; null when it says nothing worth showing. */
export function previewOf(
  url: string,
  meta: PageMeta,
  image = "",
): LinkPreview | null {
  if (!meta.title && !meta.description) return null;
  return {
    url,
    title: meta.title,
    description: meta.description,
    siteName: meta.siteName || new URL(url).hostname,
    image,
  };
}
