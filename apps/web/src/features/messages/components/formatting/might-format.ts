/*
 * Whether a text message may hold Markdown (extensions.md §4): asked of every text drawn,
 * so it is a few regular expressions, and the renderer's code comes only for a text that
 * passes. A false "maybe" costs a render; a false "no" would leave marks unformatted, so
 * every construct the renderer knows has its sign here.
 */
const SIGNS = [
  // **bold**, __bold__, ~~strike~~, `code` and ``` fences
  /\*\*|__|~~|`/,
  // *italic* or _italic_: a mark touching a word
  /(^|[^\p{L}\p{N}])[*_][^\s*_]/u,
  // > quote, - * + bullets, 1. or 1) numbered lists, at a line's start
  /^\s{0,3}(>|[-*+]\s|\d{1,9}[.)]\s)/m,
  // [text](address)
  /\]\(/,
];

/** Whether a text may hold Markdown the renderer would draw. */
export function mightBeFormatted(text: string): boolean {
  return SIGNS.some((sign) => sign.test(text));
}

/** Whether a text holds a fenced code block (its highlighter comes with the first). */
export function hasCodeFence(text: string): boolean {
  return /^\s{0,3}(```|~~~)/m.test(text);
}
