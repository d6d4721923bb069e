import type { DialogOptions, Feedback, ToastOptions } from "../../lib/feedback";

export interface Shown {
  toasts: ToastOptions[];
  dialogs: (DialogOptions & { id: number })[];
}

let shown: Shown = { toasts: [], dialogs: [] };
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let nextDialog = 1;

function change(next: Shown): void {
  shown = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change of what shows. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Toasts and the one-button warning dialog where antd is not loaded (the login screen): the
 * same calls as antd's `message.open` and `modal.warning` (lib/feedback.ts debounces both).
 * A toast under a key already showing takes its place and its time.
 */
export const lightFeedback: Feedback = {
  message: {
    open(options) {
      const rest = shown.toasts.filter((toast) => toast.key !== options.key);
      change({ ...shown, toasts: [...rest, options] });
      clearTimeout(timers.get(options.key));
      timers.set(
        options.key,
        setTimeout(() => {
          timers.delete(options.key);
          change({
            ...shown,
            toasts: shown.toasts.filter((toast) => toast.key !== options.key),
          });
        }, options.duration * 1000),
      );
    },
  },
  modal: {
    warning(options) {
      change({
        ...shown,
        dialogs: [...shown.dialogs, { ...options, id: nextDialog++ }],
      });
    },
  },
};

/** What shows now. */
export function current(): Shown {
  return shown;
}

/** Takes a dialog off the screen (its button was pressed). */
export function closeDialog(id: number): void {
  change({
    ...shown,
    dialogs: shown.dialogs.filter((dialog) => dialog.id !== id),
  });
}
