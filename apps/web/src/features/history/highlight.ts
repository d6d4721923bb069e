/** A run of text, and whether it is what the reader searched for. */
export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * Splits text where it holds the searched words (case-insensitively, as the server's
 * search does), so the matches can be marked as React nodes: never as HTML.
 */
export function highlightParts(text: string, keywords: string): TextPart[] {
  const needle = keywords.trim();
  if (needle === "" || text === "")
    return text === "" ? [] : [{ text, match: false }];
  const pattern = new RegExp(
    needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    "giu",
  );
  const parts: TextPart[] = [];
  let from = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > from)
      parts.push({ text: text.slice(from, found.index), match: false });
    parts.push({ text: found[0], match: true });
    from = found.index + found[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
