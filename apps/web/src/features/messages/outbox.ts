import {
  Codes,
  type ContactId,
  type Message,
  messages,
  textToHtml,
} from "@parley/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { createStore, del, entries, set, type UseStore } from "idb-keyval";
import { ApiError, call } from "../../api/http";
import { toast } from "../../lib/feedback";
import { isGroupChat, storeSent } from "./messages.queries";
import { type OutboxEntry, useOutboxStore } from "./outbox.store";

/*
 * The outbox of typed messages (issue 51 item 1). A message goes into the outbox as it is
 * sent and leaves it when the server has stored it. Each chat's messages go one after
 * another, in the order they were typed, so the server numbers them in that order. A send
 * that gets no answer (the network or the server is down) waits, shown as waiting, and is
 * sent again by itself, with the same client id, when the socket is bound again or after a
 * growing delay; the server answers a retried id with what it stored, so nothing is ever
 * stored twice. A send the server refuses stays failed with the refusal, for the person to
 * read, retry or leave. Texts are kept in IndexedDB per user, so a reload or a closed tab
 * loses none; they are forgotten on sign-out. Files are not kept: a File cannot outlive the
 * page that picked it without copying it whole.
 */

/** A text entry as kept across reloads. */
type Kept = Pick<
  OutboxEntry,
  | "id"
  | "contactId"
  | "content"
  | "at"
  | "pid"
  | "thread_id"
  | "thread_broadcast"
  | "sendTime"
  | "status"
  | "reason"
>;

/** A send of a text, as the editor gives it. */
export interface TextSend {
  id: string;
  contactId: ContactId;
  content: string;
  at?: string[];
  /** The message this one quotes. */
  pid?: number;
  /** A reply in a thread: the root's client id. */
  thread_id?: string;
  /** A reply also sent to the chat. */
  thread_broadcast?: 1;
}

/** The first wait before a send with no answer is tried again; it doubles up to the most. */
const FIRST_RETRY_MS = 2_000;
const MOST_RETRY_MS = 30_000;
/** Unexpected server errors are tried this many times, then the message is failed. */
const SERVER_ERROR_TRIES = 5;

interface Session {
  client: QueryClient;
  userId: number;
  db: UseStore | null;
  /** Chats whose queue is being sent now. */
  draining: Set<ContactId>;
  /** Chats asked to send again while their queue was running. */
  again: Set<ContactId>;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  retryDelay: number;
  /** Unexpected server errors per entry so far. */
  serverErrors: Map<string, number>;
  unsubscribe: () => void;
}

let session: Session | null = null;

const keyOf = (userId: number, id: string) => `${userId}/${id}`;

function kept(entry: OutboxEntry): Kept {
  return {
    id: entry.id,
    contactId: entry.contactId,
    content: entry.content,
    sendTime: entry.sendTime,
    status: entry.status,
    ...(entry.at ? { at: entry.at } : {}),
    ...(entry.pid ? { pid: entry.pid } : {}),
    ...(entry.thread_id ? { thread_id: entry.thread_id } : {}),
    ...(entry.thread_broadcast ? { thread_broadcast: 1 as const } : {}),
    ...(entry.reason ? { reason: entry.reason } : {}),
  };
}

function isKept(value: unknown): value is Kept {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<Kept>;
  return (
    typeof v.id === "string" &&
    (typeof v.contactId === "number" || typeof v.contactId === "string") &&
    typeof v.content === "string" &&
    typeof v.sendTime === "number" &&
    (v.status === "going" || v.status === "failed")
  );
}

/** IndexedDB may be missing (some private windows): the outbox then lives in memory only. */
function openDb(): UseStore | null {
  try {
    return typeof indexedDB === "undefined"
      ? null
      : createStore("parley-outbox", "texts");
  } catch {
    return null;
  }
}

/** Writes each changed text entry and deletes each removed one, so other tabs' stay. */
function persistChanges(
  db: UseStore,
  userId: number,
  next: readonly OutboxEntry[],
  previous: readonly OutboxEntry[],
): void {
  const before = new Map(previous.map((e) => [e.id, e]));
  const now = new Set<string>();
  for (const entry of next) {
    if (entry.upload) continue;
    now.add(entry.id);
    const old = before.get(entry.id);
    if (
      old &&
      old.status === entry.status &&
      old.reason === entry.reason &&
      old.content === entry.content
    )
      continue;
    void set(keyOf(userId, entry.id), kept(entry), db).catch(() => undefined);
  }
  for (const old of previous)
    if (!old.upload && !now.has(old.id))
      void del(keyOf(userId, old.id), db).catch(() => undefined);
}

/** What earlier pages of this user left unsent: shown again, waiting, and sent in order. */
async function restore(current: Session): Promise<void> {
  if (!current.db) return;
  let rows: [IDBValidKey, unknown][];
  try {
    rows = await entries(current.db);
  } catch {
    return;
  }
  if (session !== current) return;
  const prefix = `${current.userId}/`;
  const found: OutboxEntry[] = [];
  for (const [key, value] of rows)
    if (typeof key === "string" && key.startsWith(prefix) && isKept(value))
      found.push(
        value.status === "going" ? { ...value, waiting: true } : { ...value },
      );
  if (found.length === 0) return;
  useOutboxStore.getState().restore(found);
  flushOutbox();
}

/**
 * Starts the signed-in user's outbox: what earlier pages left is restored and sent, and
 * every change is kept. Answers the stop (sign-out), which forgets the outbox here and in
 * IndexedDB when `forget` says the user left.
 */
export function startOutbox(
  client: QueryClient,
  userId: number,
): (options?: { forget?: boolean }) => void {
  stopOutbox();
  const db = openDb();
  const unsubscribe = db
    ? useOutboxStore.subscribe((state, previous) => {
        if (state.entries !== previous.entries)
          persistChanges(db, userId, state.entries, previous.entries);
      })
    : () => undefined;
  const current: Session = {
    client,
    userId,
    db,
    draining: new Set(),
    again: new Set(),
    retryTimer: undefined,
    retryDelay: FIRST_RETRY_MS,
    serverErrors: new Map(),
    unsubscribe,
  };
  session = current;
  void restore(current);
  return (options = {}) => {
    if (session !== current) return;
    const held = useOutboxStore.getState().entries;
    stopOutbox();
    // Signed out: this device keeps none of the user's unsent words.
    if (options.forget && db)
      for (const entry of held)
        if (!entry.upload)
          void del(keyOf(userId, entry.id), db).catch(() => undefined);
    useOutboxStore.getState().clear();
  };
}

function stopOutbox(): void {
  if (!session) return;
  clearTimeout(session.retryTimer);
  session.unsubscribe();
  session = null;
}

/** Sends a typed message: shown at once as going, stored by the server in its chat's turn. */
export function sendText(message: TextSend): void {
  useOutboxStore
    .getState()
    .put({ ...message, sendTime: Date.now(), status: "going" });
  drain(message.contactId);
}

/** Tries a waiting or failed text again now (its status is the button). */
export function resendText(id: string): void {
  const entry = useOutboxStore.getState().entries.find((e) => e.id === id);
  if (!entry || entry.upload) return;
  session?.serverErrors.delete(id);
  useOutboxStore
    .getState()
    .update(id, { status: "going", waiting: false, reason: undefined });
  drain(entry.contactId);
}

/** Sends every chat's waiting texts: the connection is back. */
export function flushOutbox(): void {
  if (!session) return;
  clearTimeout(session.retryTimer);
  session.retryTimer = undefined;
  const chats = new Set<ContactId>();
  for (const entry of useOutboxStore.getState().entries)
    if (!entry.upload && entry.status === "going") chats.add(entry.contactId);
  for (const chat of chats) drain(chat);
}

/** The next text of a chat to send: the oldest going one. */
function nextOf(contactId: ContactId): OutboxEntry | undefined {
  return useOutboxStore
    .getState()
    .entries.find(
      (e) => e.contactId === contactId && !e.upload && e.status === "going",
    );
}

/** Sends a chat's going texts one after another, oldest first, until one must wait. */
function drain(contactId: ContactId): void {
  const current = session;
  if (!current) return;
  if (current.draining.has(contactId)) {
    current.again.add(contactId);
    return;
  }
  current.draining.add(contactId);
  void (async () => {
    try {
      for (;;) {
        current.again.delete(contactId);
        const entry = nextOf(contactId);
        if (!entry || session !== current) return;
        if ((await sendOne(current, entry)) === "wait") {
          // Texts typed during that try queue behind it: they go with the next flush.
          current.again.delete(contactId);
          return;
        }
      }
    } finally {
      current.draining.delete(contactId);
      if (current.again.has(contactId) && session === current) {
        current.again.delete(contactId);
        drain(contactId);
      }
    }
  })();
}

/** One try of one text: sent, refused for good, or left waiting for a later try. */
async function sendOne(
  current: Session,
  entry: OutboxEntry,
): Promise<"next" | "wait"> {
  const store = useOutboxStore.getState();
  let stored: Message;
  try {
    stored = (
      await call(
        messages.sendMessage,
        {
          id: entry.id,
          type: "text",
          // Typed text becomes HTML here, escaped: the server keeps it, never eats it.
          content: textToHtml(entry.content),
          toContactId: entry.contactId,
          is_group: isGroupChat(entry.contactId) ? 1 : 0,
          ...(entry.at?.length ? { at: entry.at } : {}),
          ...(entry.pid ? { pid: entry.pid } : {}),
          ...(entry.thread_id ? { thread_id: entry.thread_id } : {}),
          ...(entry.thread_broadcast ? { thread_broadcast: 1 } : {}),
        },
        // The outbox shows what happened under the message; refusals are told below.
        { silent: true },
      )
    ).data;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (session !== current) return "wait";
    if (error.code === Codes.rateLimited) {
      // Spaced out by the chat's interval or the user's rate: sent when the server said.
      store.update(entry.id, { waiting: false });
      await new Promise((resolve) =>
        setTimeout(resolve, (error.retryAfterSeconds ?? 1) * 1000),
      );
      return "next";
    }
    const unexpected = error.code >= 500 || error.code === 0;
    const tries = (current.serverErrors.get(entry.id) ?? 0) + 1;
    if (error.network || (unexpected && tries < SERVER_ERROR_TRIES)) {
      if (!error.network) current.serverErrors.set(entry.id, tries);
      // The texts queued behind it wait with it.
      for (const queued of useOutboxStore.getState().entries)
        if (
          queued.contactId === entry.contactId &&
          !queued.upload &&
          queued.status === "going"
        )
          store.update(queued.id, { waiting: true });
      retryLater(current);
      return "wait";
    }
    current.serverErrors.delete(entry.id);
    store.update(entry.id, {
      status: "failed",
      waiting: false,
      reason: error.message,
    });
    if (error.code !== Codes.noSession) toast("warning", error.message);
    return "next";
  }
  if (session !== current) return "wait";
  current.retryDelay = FIRST_RETRY_MS;
  current.serverErrors.delete(entry.id);
  // A slash command answered for me alone: its `ephemeral` event shows it, nothing is
  // stored in the chat (extensions.md §9).
  if (stored.extends.ephemeral !== 1)
    storeSent(current.client, entry.contactId, stored);
  useOutboxStore.getState().remove(entry.id);
  return "next";
}

/** Tries the waiting texts again after a growing delay (the socket's bind comes first if sooner). */
function retryLater(current: Session): void {
  if (current.retryTimer !== undefined) return;
  const delay = current.retryDelay;
  current.retryDelay = Math.min(delay * 2, MOST_RETRY_MS);
  current.retryTimer = setTimeout(() => {
    current.retryTimer = undefined;
    if (session === current) flushOutbox();
  }, delay);
}
