import { visibleText } from "@parley/protocol";
import { decodeHTML } from "entities";
import { linkifyit } from "linkify-it";
import type SanitizeHtml from "sanitize-html";
import { lazyRequire } from "./lazy-require.js";

const sanitizeHtml = lazyRequire<typeof SanitizeHtml>("sanitize-html");

/**
 * Web addresses written out in full (`http://`, `https://`): nothing fuzzy, so "file.txt"
 * or "v1.2" never becomes a link, and no other scheme.
 */
const links = linkifyit({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })
  .add("ftp:", null)
  .add("//", null)
  .add("mailto:", null);

/*
 * Existing clients render a text message's content as HTML (emoji as <img>, links as <a>),
 * so whatever a sender posts is cut down to that, and nothing that runs: no scripts, no
 * event handlers, no javascript: or data: links. Other tags are escaped into text rather
 * than deleted. Our own client sends typed text escaped and shows content as text.
 *
 * The old client sends what its editor holds: a paragraph (<p> or <div>) per line, the
 * words in <span>s (issue 51). Those pass without their attributes, each span is then left
 * out around its words, and the blocks become line breaks (`blocksAsLines`), so every
 * client shows the lines as typed.
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ["img", "a", "br", "p", "div", "span"],
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
  // A span only styles its words (the editor's colours and sizes): the words are kept,
  // the tag is not.
  exclusiveFilter: (frame) => (frame.tag === "span" ? "excludeTag" : false),
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
  const clean = MARKUP.test(content) ? sanitizeMessageHtml(content) : content;
  return clean.includes("://") ? withLinks(clean) : clean;
}

/** A tag of clean content (img, a, br: their attributes are quoted, with no `>` inside). */
const TAG = /(<[^>]*>)/;

/**
 * Clean content with the web addresses of its text wrapped in links, as existing clients
 * show them (wire-contract.md §2.4: "URLs are wrapped in <a target=_blank>"): only in the
 * text between tags, never in an attribute or inside a link already there. The result
 * goes through the sanitizer again, which sets every link's target and rel.
 */
function withLinks(clean: string): string {
  let insideLink = 0;
  let linked = 0;
  const parts = clean.split(TAG);
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? "";
    // Odd parts are tags.
    if (i % 2 === 1) {
      if (/^<a[\s>]/i.test(part)) insideLink += 1;
      else if (/^<\/a\s*>/i.test(part))
        insideLink = Math.max(0, insideLink - 1);
      continue;
    }
    const found = insideLink > 0 ? null : links.match(part);
    if (!found) continue;
    let out = "";
    let at = 0;
    for (const match of found) {
      const href = match.url.replaceAll('"', "&quot;");
      out += `${part.slice(at, match.index)}<a href="${href}">${match.raw}</a>`;
      at = match.lastIndex;
    }
    parts[i] = out + part.slice(at);
    linked += found.length;
  }
  return linked > 0 ? sanitizeMessageHtml(parts.join("")) : clean;
}

/**
 * The sanitizer alone, without the fast path for plain text (tests compare the two). Content
 * with paragraphs is cleaned again once they are lines: the sanitizer has the last word,
 * and its answer is the same when cleaned again (two links a paragraph kept apart, say,
 * now touch and are read as two).
 */
export function sanitizeMessageHtml(content: string): string {
  const clean = sanitizeHtml()(content, OPTIONS);
  return BLOCKS.test(clean)
    ? sanitizeHtml()(blocksAsLines(clean), OPTIONS)
    : clean;
}

/** Whether clean content has paragraphs. */
const BLOCKS = /<\/?(?:p|div)>/;

/** A paragraph's tag in clean content: the sanitizer writes it without attributes. */
const BLOCK = /^<\/?(?:p|div)>$/;
/** A line break in clean content, as the sanitizer writes it. */
const BREAK = "<br />";
/** Text that a paragraph does not show when nothing else is on its line. */
const LAYOUT_SPACE = /^[ \t\n\f\r]*$/;

/**
 * Clean content with its paragraphs as lines: `<p>a</p><p>b</p>` is `a<br />b`, as a
 * browser shows it and as our client reads it (a <br> is a new line there). The rules are
 * those of the editor that wrote it: a paragraph ends a line only if the line holds
 * something (so no empty line before the first or after the last), a <br> always ends one
 * (`<p><br></p>` is the editor's empty line), and the <br> a paragraph ends with is that
 * same line's end. Only the sanitizer's own output is read here: its tags are well formed
 * and its text holds no `<`, so removing a paragraph's tags cannot make another.
 */
function blocksAsLines(clean: string): string {
  const lines: string[] = [];
  let line = "";
  // Whether the line holds something to see: text or a picture.
  let shown = false;
  for (const part of clean.split(TAG)) {
    if (part === BREAK || (shown && BLOCK.test(part))) {
      lines.push(line);
      line = "";
      shown = false;
    } else if (!BLOCK.test(part) && (shown || !LAYOUT_SPACE.test(part))) {
      // White space before a line's first words is the editor's layout, not a line.
      line += part;
      shown ||= showsSomething(part);
    }
  }
  // What is left, if it shows nothing (a link's end, say), goes on the last line.
  lines.push(shown ? line : (lines.pop() ?? "") + line);
  return lines.join(BREAK);
}

/** Whether a piece of clean content shows something: words, or a picture. */
function showsSomething(part: string): boolean {
  return part.startsWith("<")
    ? part.startsWith("<img")
    : !LAYOUT_SPACE.test(part);
}

/**
 * What the reader sees of cleaned content, as the length and emptiness rules count it:
 * tags other than img removed and entities decoded, so a typed `<` counts as one character
 * though it is stored as `&lt;`.
 */
export function shownText(cleanHtml: string): string {
  return decodeHTML(visibleText(cleanHtml));
}

/**
 * A message on one line, for a notification, a quote or a report: its lines joined by a
 * space, so "hello" and "world" typed on two lines never read "helloworld".
 */
export function oneLineText(cleanHtml: string): string {
  return shownText(cleanHtml.replace(/<br\s*\/?>/gi, " ")).trim();
}
