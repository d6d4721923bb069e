import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI as ModalApi } from "antd/es/modal/useModal";

/** SPEC §9: toasts last 1.5 s and are debounced at 500 ms; dialogs are debounced at 1 s. */
export const TOAST_SECONDS = 1.5;
export const TOAST_DEBOUNCE_MS = 500;
export const DIALOG_DEBOUNCE_MS = 1000;

interface Feedback {
  message: MessageInstance;
  modal: ModalApi;
}

let feedback: Feedback | null = null;
let lastToastAt = Number.NEGATIVE_INFINITY;
let lastDialogAt = Number.NEGATIVE_INFINITY;

/** Registered once by the app shell, so toasts and dialogs follow the theme and locale. */
export function setFeedback(next: Feedback | null): void {
  feedback = next;
}

/** Debounce at the leading edge: the first call shows, repeats within the window do not. */
function allowed(last: number, window: number, now: number): boolean {
  return now - last >= window;
}

export type ToastKind = "success" | "warning" | "error" | "info";

export function toast(
  kind: ToastKind,
  text: string,
  now: number = Date.now(),
): boolean {
  if (!feedback || !allowed(lastToastAt, TOAST_DEBOUNCE_MS, now)) return false;
  lastToastAt = now;
  void feedback.message.open({
    type: kind,
    content: text,
    duration: TOAST_SECONDS,
  });
  return true;
}

export function dialog(
  options: { title: string; content: string; okText: string; onOk: () => void },
  now: number = Date.now(),
): boolean {
  if (!feedback || !allowed(lastDialogAt, DIALOG_DEBOUNCE_MS, now))
    return false;
  lastDialogAt = now;
  feedback.modal.warning({ ...options, centered: true });
  return true;
}

/** For tests: forget the debounce windows. */
export function resetFeedbackDebounce(): void {
  lastToastAt = Number.NEGATIVE_INFINITY;
  lastDialogAt = Number.NEGATIVE_INFINITY;
}
