/*
 * The keys of the conversations table (wire-contract.md §4.4): every feature that reads a
 * chat's rows by key builds it here.
 */

/** The conversation key of a 1:1 chat: the two ids, lower first. */
export function directConversationId(a: number, b: number): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

/** The conversation key of a group. */
export function groupConversationId(groupId: number): string {
  return `group-${groupId}`;
}
