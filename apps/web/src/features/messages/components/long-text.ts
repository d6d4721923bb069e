/** Past this many characters, or lines, a message is shown collapsed with "show more". */
export const COLLAPSE_CHARACTERS = 600;
export const COLLAPSE_LINES = 12;

/**
 * The part of a long message shown before "show more": the first lines up to the limits,
 * cut at a character (not a UTF-16 half); null when the message is short enough to show.
 */
export function collapsedText(text: string): string | null {
  const characters = Array.from(text);
  const lines = text.split("\n");
  if (
    characters.length <= COLLAPSE_CHARACTERS &&
    lines.length <= COLLAPSE_LINES
  )
    return null;
  const firstLines = lines.slice(0, COLLAPSE_LINES - 2).join("\n");
  return `${Array.from(firstLines)
    .slice(0, COLLAPSE_CHARACTERS - 100)
    .join("")
    .trimEnd()}…`;
}
