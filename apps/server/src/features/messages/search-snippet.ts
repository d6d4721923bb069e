import { SearchLimits } from "@parley/protocol";

/*
 * What a found message shows in the global search's results (issue 45): plain text around
 * the first match and where the words are in it. Plain text only: the client shows it as
 * text with the marks highlighted, never as markup.
 */

/** Context kept before the first match when the text is cut. */
const LEAD = 30;

/** Whether `index` falls between the halves of a surrogate pair. */
function splitsPair(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return index > 0 && index < text.length && code >= 0xdc00 && code <= 0xdfff;
}

/**
 * A snippet of `text` (one line) around the first occurrence of `words` (any case), at most
 * SearchLimits.snippetMax characters with "…" where it was cut, and the [start, end) of each
 * occurrence in it. Without words, or when they are not found (a match by normalised
 * characters), the text's start with no marks.
 */
export function snippetOf(
  text: string,
  words: string,
): { snippet: string; marks: [number, number][] } {
  const line = text.replace(/\s+/g, " ").trim();
  // Lowercasing must keep offsets: where it changes a length, compare as typed.
  const folded = line.toLowerCase();
  const sameLength = folded.length === line.length;
  const haystack = sameLength ? folded : line;
  const needle = sameLength ? words.toLowerCase() : words;
  const first = needle === "" ? -1 : haystack.indexOf(needle);
  const max = SearchLimits.snippetMax;
  let start = 0;
  let end = line.length;
  if (line.length > max) {
    start = first > LEAD ? Math.min(first - LEAD, line.length - max) : 0;
    end = start + max;
    if (splitsPair(line, start)) start += 1;
    if (splitsPair(line, end)) end -= 1;
  }
  const head = start > 0 ? "…" : "";
  const snippet =
    head + line.slice(start, end) + (end < line.length ? "…" : "");
  const marks: [number, number][] = [];
  if (first >= 0) {
    const cut = haystack.slice(start, end);
    for (
      let at = cut.indexOf(needle);
      at >= 0;
      at = cut.indexOf(needle, at + needle.length)
    )
      marks.push([head.length + at, head.length + at + needle.length]);
  }
  return { snippet, marks };
}
