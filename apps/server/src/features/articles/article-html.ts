import {
  ARTICLE_ATTRIBUTES,
  ARTICLE_EXCERPT_MAX,
  ARTICLE_TAGS,
} from "@parley/protocol";
import { decodeHTML } from "entities";
import type SanitizeHtml from "sanitize-html";
import { lazyRequire } from "../../lib/lazy-require.js";

const sanitizeHtml = lazyRequire<typeof SanitizeHtml>("sanitize-html");

/*
 * An article's body is HTML from the console's editor, and everyone reads it, so only what
 * that editor makes is kept: text blocks, headings, lists, quotes, code, rules, links and
 * images. Scripts, styles, frames, forms, event handlers, inline styles and any link or
 * image that is not http(s) (or mailto for links, or a path of this site) are removed, with
 * the text of script and style elements. The reader's client cleans it again (DOMPurify).
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(ARTICLE_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" },
    }),
  },
  disallowedTagsMode: "discard",
};

/** An article's body, safe for every reader. */
export function cleanArticleHtml(html: string): string {
  return sanitizeHtml()(html, OPTIONS).trim();
}

const BLOCK_END =
  /<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>|<img[^>]*>/gi;

/** The words of a cleaned body, as plain text on one line. */
export function articleText(clean: string): string {
  const spaced = clean.replace(BLOCK_END, (tag) => `${tag} `);
  const text = sanitizeHtml()(spaced, {
    allowedTags: [],
    allowedAttributes: {},
  });
  return decodeHTML(text).replace(/\s+/g, " ").trim();
}

/** The start of an article's words, for lists. */
export function articleExcerpt(clean: string): string {
  const text = articleText(clean);
  if (text.length <= ARTICLE_EXCERPT_MAX) return text;
  return `${text.slice(0, ARTICLE_EXCERPT_MAX - 1).trimEnd()}…`;
}

/** Whether a cleaned body shows anything: words, or an image. */
export function hasSubstance(clean: string): boolean {
  return articleText(clean) !== "" || /<img\s/i.test(clean);
}
