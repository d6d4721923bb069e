import { isLanguage, retryIn } from "@parley/protocol";
import { i18n, LANGUAGE_TAGS } from "../i18n";

/** SPEC §9: toasts last 1.5 s and are debounced at 500 ms; dialogs are debounced at 1 s. */
export const TOAST_SECONDS = 1.5;
export const TOAST_DEBOUNCE_MS = 500;
export const DIALOG_DEBOUNCE_MS = 1000;

export type ToastKind = "success" | "warning" | "error" | "info";

/**
 * What shows toasts and dialogs: the light shell's (components/light), on every screen
 * since antd's App and its message code are not loaded (app/AntShell.tsx); the shapes
 * are antd's `message` and `modal` methods', so a test can register antd's or a spy.
 */
export interface Feedback {
  message: {
    open(options: {
      key: string;
      type: ToastKind;
      content: string;
      duration: number;
    }): unknown;
  };
  modal: {
    warning(options: {
      title: string;
      content: string;
      okText: string;
      onOk: () => void;
      centered: boolean;
      afterClose: () => void;
    }): unknown;
  };
}

let feedback: Feedback | null = null;
/** The light shell's, used while no antd screen has registered its own. */
let fallback: Feedback | null = null;
let lastToastAt = Number.NEGATIVE_INFINITY;
let lastToast = { key: 0, text: "" };
let lastDialogAt = Number.NEGATIVE_INFINITY;
/** The dialogs showing now, by their title and text. */
const showingDialogs = new Set<string>();

/** What a toast is shown with. */
export type ToastOptions = Parameters<Feedback["message"]["open"]>[0];
/** What the warning dialog is shown with. */
export type DialogOptions = Parameters<Feedback["modal"]["warning"]>[0];

/** The last toast shown, where, and until when. */
let lastOpen: { options: ToastOptions; until: number; by: Feedback } | null =
  null;

/**
 * A host shown instead of the light shell's while registered (tests register a spy). When
 * it goes, a toast it still shows moves to the light shell's for the rest of its time
 * instead of vanishing with it.
 */
export function setFeedback(next: Feedback | null): void {
  const leaving = feedback;
  feedback = next;
  const showing = lastOpen;
  if (!leaving || next || !fallback || showing?.by !== leaving) return;
  const left = showing.until - Date.now();
  if (left <= 0) return;
  fallback.message.open({ ...showing.options, duration: left / 1000 });
  lastOpen = { ...showing, by: fallback };
}

/** Registered by the light shell: what shows toasts and dialogs where antd is not loaded. */
export function setFallbackFeedback(next: Feedback | null): void {
  fallback = next;
}

function shown(): Feedback | null {
  return feedback ?? fallback;
}

/** Debounce at the leading edge: the first call shows, repeats within the window do not. */
function allowed(last: number, window: number, now: number): boolean {
  return now - last >= window;
}

/**
 * Shows a toast. Within 500 ms of the last one a repeat of the same text is swallowed, and a
 * different text takes the showing toast's place instead of stacking a second one: a burst
 * of refusals never floods the screen, and the last word (say "Try again in 15 minutes")
 * is never lost to the debounce.
 */
export function toast(
  kind: ToastKind,
  text: string,
  now: number = Date.now(),
): boolean {
  const shows = shown();
  if (!shows) return false;
  const fresh = allowed(lastToastAt, TOAST_DEBOUNCE_MS, now);
  if (!fresh && text === lastToast.text) return false;
  if (fresh) {
    lastToastAt = now;
    lastToast = { key: lastToast.key + 1, text };
  } else lastToast = { ...lastToast, text };
  const options: ToastOptions = {
    key: `toast-${lastToast.key}`,
    type: kind,
    content: text,
    duration: TOAST_SECONDS,
  };
  shows.message.open(options);
  lastOpen = { options, until: now + TOAST_SECONDS * 1000, by: shows };
  return true;
}

export function dialog(
  options: { title: string; content: string; okText: string; onOk: () => void },
  now: number = Date.now(),
): boolean {
  const shows = shown();
  if (!shows || !allowed(lastDialogAt, DIALOG_DEBOUNCE_MS, now)) return false;
  // The same dialog still showing is not opened again over itself (two refused calls a
  // few seconds apart both saying the session ended).
  const text = `${options.title}\n${options.content}`;
  if (showingDialogs.has(text)) return false;
  lastDialogAt = now;
  showingDialogs.add(text);
  shows.modal.warning({
    ...options,
    centered: true,
    afterClose: () => showingDialogs.delete(text),
  });
  return true;
}

/** A call the server refused: its machine key, its own text, and how long to wait. */
export interface Refusal {
  key?: string | undefined;
  msg: string;
  /** The Retry-After header, in seconds, when the refusal is a rate limit. */
  retryAfterSeconds?: number | undefined;
}

/**
 * The words for a refused call in the reader's language: the protocol's text for its key
 * (`errors:keys.<key>`, loaded with the errors namespace: ../i18n), with a wait in words
 * ("Try again in 15 minutes"), else the server's own text. A text whose placeholders the
 * client cannot fill (a field name, a limit) yields to the server's text.
 */
export function refusalText({ key, msg, retryAfterSeconds }: Refusal): string {
  const id = `errors:keys.${key ?? ""}`;
  if (!key || !i18n.exists(id)) return msg;
  const lang = isLanguage(i18n.language) ? i18n.language : "en";
  const when =
    retryAfterSeconds !== undefined && retryAfterSeconds > 0
      ? retryIn(retryAfterSeconds, LANGUAGE_TAGS[lang])
      : undefined;
  const text = i18n.t(id, when === undefined ? {} : { when });
  return text.includes("{{") ? msg : text;
}

/** For tests: forget the debounce windows. */
export function resetFeedbackDebounce(): void {
  lastToastAt = Number.NEGATIVE_INFINITY;
  lastToast = { key: 0, text: "" };
  lastDialogAt = Number.NEGATIVE_INFINITY;
  lastOpen = null;
  showingDialogs.clear();
}
