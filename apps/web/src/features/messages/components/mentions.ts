/** Someone who can be mentioned in a group: "0" is everyone. */
export interface Mentionable {
  id: string;
  name: string;
}

/**
 * The name being typed after an `@` just before the caret, or null when no mention is being
 * typed (the picker is closed). A mention stops at a space or a line break, as the picker's.
 */
export function mentionQuery(text: string, caret: number): string | null {
  const match = /(?:^|[^\w@])@([^\s@]{0,32})$/u.exec(text.slice(0, caret));
  return match ? (match[1] ?? "") : null;
}

/**
 * The ids the message mentions: those picked whose `@name` is still in the text, once each,
 * everyone ("0") included. Removing `@name` from the text takes its mention away.
 */
export function mentionedIds(
  text: string,
  picked: readonly Mentionable[],
): string[] {
  const ids = new Set<string>();
  for (const who of picked) if (text.includes(`@${who.name}`)) ids.add(who.id);
  return [...ids];
}
