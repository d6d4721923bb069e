import { visibleText } from "@parley/protocol";
import { decodeHTML } from "entities";
import type SanitizeHtml from "sanitize-html";
import { lazyRequire } from "./lazy-require.js";

const sanitizeHtml = lazyRequire<typeof SanitizeHtml>("sanitize-html");

/*
 * Existing clients render a text message's content as HTML (emoji as <img>, links as <a>),
 * so whatever a sender posts is cut down to that, and nothing that runs: no scripts, no
 * event handlers, no javascript: or data: links. Other tags are escaped into text rather
 * than deleted. Our own client sends typed text escaped and shows content as text.
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ["img", "a", "br"],
  allowedAttributes: {
    img: ["src", "alt", "class", "width", "height"],
    a: ["href", "target", "rel"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" },
    }),
  },
  // A tag it does not allow is kept as visible text (without its attributes), never
  // deleted with what it held.
  disallowedTagsMode: "escape",
};

/** Whatever could start a tag or an entity: without these, the text is no HTML at all. */
const MARKUP = /[<>&]/;

/**
 * A text message's content, safe to render as HTML in any client. Text with no `<`, `>`
 * or `&` is returned as it is, which is what sanitize-html makes of it (message-html.test.ts
 * checks that on any string): most messages are such text, and the parser cost a send a
 * few microseconds and much garbage (issue 14, W1c).
 */
export function cleanMessageHtml(content: string): string {
  return MARKUP.test(content) ? sanitizeMessageHtml(content) : content;
}

/** The sanitizer alone, without the fast path for plain text (tests compare the two). */
export function sanitizeMessageHtml(content: string): string {
  return sanitizeHtml()(content, OPTIONS);
}

/**
 * What the reader sees of cleaned content, as the length and emptiness rules count it:
 * tags other than img removed and entities decoded, so a typed `<` counts as one character
 * though it is stored as `&lt;`.
 */
export function shownText(cleanHtml: string): string {
  return decodeHTML(visibleText(cleanHtml));
}
