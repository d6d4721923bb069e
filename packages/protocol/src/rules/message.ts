/** Text as the length and emptiness rules see it: tags other than img removed (SPEC §5 Chat). */
export function visibleText(content: string): string {
  return content.replace(/<(?!img\b)[^>]*>/gi, "");
}

/** Whether a message holds something to send: visible text that is not only blanks (SPEC §5). */
export function hasVisibleText(content: string): boolean {
  return visibleText(content).trim() !== "";
}
