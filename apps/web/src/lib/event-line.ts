/*
 * The lines the server writes into a chat ("Ann created the group", "You are now friends"): an `event`
 * message whose `extends.event` names the line and whose other `extends` fields say what
 * it names (wire-contract.md's text stays in `content` for clients that cannot translate).
 */

/** The group lines the server writes, each with a translation (messages:events.*). */
const KNOWN = new Set([
  "created",
  "renamed",
  "added",
  "left",
  "removed",
  "owner",
  "joinedByQr",
  // Joined a public group from the directory (issue 45).
  "joinedPublic",
  // The owner disbanded the group (issue 51): the last line of its kept history.
  "disbanded",
  "undo",
  // One-to-one: the first line of two people who just became friends.
  "friends",
]);

type Translate = (key: string, options: Record<string, string>) => string;

const text = (value: unknown): string =>
  typeof value === "string" ? value : "";

/**
 * A server-written line in the reader's language; `actor` is who acted (the message's
 * sender), `fallback` the stored text, shown for a line this client does not know.
 */
export function eventLine(
  params: Record<string, unknown> | undefined,
  actor: string,
  fallback: string,
  t: Translate,
  /** Whether the reader sent the message the line is about (a withdrawal says "You"). */
  mine = false,
): string {
  const name = text(params?.event);
  if (!params || !KNOWN.has(name)) return fallback;
  // A withdrawn message (issue 11): who withdrew it, from the reader's side.
  if (name === "undo") {
    const sender = text(params.realname) || actor;
    const byManager = params.manager === 1 || params.manager === "1";
    if (byManager) {
      // The group's owner, or an admin (older lines do not say which: an admin).
      const by = Number(params.managerRole) === 1 ? "ByOwner" : "ByManager";
      return t(
        mine ? `messages:events.undoMine${by}` : `messages:events.undo${by}`,
        { actor: sender },
      );
    }
    return t(mine ? "messages:events.undoMine" : "messages:events.undo", {
      actor: sender,
    });
  }
  const names = Array.isArray(params.names)
    ? params.names.map(text).filter(Boolean).join(", ")
    : "";
  return t(`messages:events.${name}`, {
    actor: text(params.actor) || actor,
    displayName: text(params.displayName),
    name: text(params.name),
    names,
  });
}
