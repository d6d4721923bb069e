/**
 * A LIKE pattern matching `text` anywhere, its wildcards taken literally; use it with
 * `escape '\'` (both dialects).
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
