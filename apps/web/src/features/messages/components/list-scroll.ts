import type { ChatItem } from "./chat-items";

/** Where a chat opens: at the "new messages" line when there is one, else at the newest message. */
export function openingPosition(
  items: readonly ChatItem[],
  firstUnread: string | null,
): { index: number | "LAST"; align: "start" | "end" } {
  const index =
    firstUnread === null
      ? -1
      : items.findIndex((item) => item.key === firstUnread);
  return index < 0
    ? { index: "LAST", align: "end" }
    : { index, align: "start" };
}

/**
 * Whether a render added my own message at the end (a send just made): sending brings it
 * into view, however far up the history I am.
 */
export function mySendAppended(
  before: readonly ChatItem[],
  after: readonly ChatItem[],
): boolean {
  const last = after.at(-1);
  if (last?.mine !== true || last.pending === undefined) return false;
  return !before.some((item) => item.key === last.key);
}

/** How far, in pixels, the scrolled content goes on below what is shown. */
export function distanceFromEnd(el: {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/**
 * Whether the list still follows the newest row after a scroll event. At the end (within
 * `threshold` pixels) it does; moved up, it stops; moved down but short of the end, it
 * keeps what it was: a smooth scroll to the end runs for several frames, and rows that
 * arrive meanwhile push the end further away, which must not read as the reader leaving.
 */
export function followsAfterScroll(
  following: boolean,
  previousTop: number,
  el: { scrollHeight: number; scrollTop: number; clientHeight: number },
  threshold: number,
): boolean {
  if (distanceFromEnd(el) <= threshold) return true;
  return el.scrollTop >= previousTop ? following : false;
}

/**
 * How many of the other side's messages arrived between two renders of the list: rows that are
 * new and come after the newest row still there from before (older pages loaded above do
 * not count). Anchored on the newest row, not the oldest: a catch-up after the socket came
 * back reads the pages again, and the oldest rows held may then have moved to a page not
 * read yet.
 */
export function arrivedFromOthers(
  before: readonly ChatItem[],
  after: readonly ChatItem[],
): number {
  const position = new Map(after.map((item, index) => [item.key, index]));
  let anchor: number | undefined;
  for (let i = before.length - 1; i >= 0 && anchor === undefined; i -= 1) {
    const item = before[i];
    if (item) anchor = position.get(item.key);
  }
  if (anchor === undefined) return 0;
  const known = new Set(before.map((item) => item.key));
  let count = 0;
  for (const item of after.slice(anchor + 1)) {
    if (!known.has(item.key) && !item.mine) count += 1;
  }
  return count;
}
