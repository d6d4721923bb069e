import { characterLength } from "./account.js";

/** Text as the length and emptiness rules see it: tags other than img removed (SPEC §5 Chat). */
export function visibleText(content: string): string {
  return content.replace(/<(?!img\b)[^>]*>/gi, "");
}

/** Whether a message holds something to send: visible text that is not only blanks (SPEC §5). */
export function hasVisibleText(content: string): boolean {
  return visibleText(content).trim() !== "";
}

/**
 * The length the text rule (Limits.textMessageMax) counts of typed text: characters (code
 * points), line breaks aside, exactly what the server counts of the same text sent as
 * escaped HTML (line breaks become <br>, which the rule skips).
 */
export function typedTextLength(text: string): number {
  return characterLength(text.replace(/\r?\n/g, ""));
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Typed text as message content (HTML, as existing clients render it): every character
 * escaped, line breaks as <br>, so what the user typed comes back exactly on every screen.
 * What our web client sends; what the server's tests send to stand for it.
 */
export function textToHtml(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
    .replace(/\r?\n/g, "<br>");
}

let graphemes: Intl.Segmenter | undefined;

/**
 * The first `max` characters of a text as a reader counts them (grapheme clusters: an emoji
 * with its modifiers is one), so a cut never splits one. A quote keeps this much.
 */
export function clipText(text: string, max: number): string {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let out = "";
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (count === max) return out;
    out += segment;
    count += 1;
  }
  return out;
}

const COPYABLE_TYPES: ReadonlySet<string> = new Set([
  "text",
  "image",
  "voice",
  "video",
  "file",
  "emoji",
]);

/**
 * Whether a message is something a person sent (not a server line or a call record): only
 * those are quoted, forwarded, saved or withdrawn (issue 11).
 */
export function isCopyable(type: string): boolean {
  return COPYABLE_TYPES.has(type);
}

/**
 * Whether a message's mentions name this user or everyone (0): as strings in a history
 * page, as numbers in a sent message (wire-contract.md §2.9).
 */
export function namesMe(at: readonly (string | number)[], me: number): boolean {
  return at.some((id) => Number(id) === 0 || Number(id) === me);
}
