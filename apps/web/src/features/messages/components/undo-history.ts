import { Limits } from "@parley/protocol";

/** The editor's text with where the caret was, for undo and redo. */
export interface Snapshot {
  text: string;
  caret: number;
}

/** Past and future states of the editor: the present is `past`'s last entry. */
export interface UndoHistory {
  past: Snapshot[];
  future: Snapshot[];
}

export function startHistory(text: string): UndoHistory {
  return { past: [{ text, caret: text.length }], future: [] };
}

/**
 * Records a change. Typing a word is one step, not a step per letter: a change that only
 * adds a letter (not a space or line break) to the end of the last one replaces it. At most
 * `Limits.editorUndoSteps` steps are kept back (SPEC §5), the oldest dropped first.
 */
export function record(history: UndoHistory, next: Snapshot): UndoHistory {
  const last = history.past[history.past.length - 1];
  if (last && last.text === next.text) return history;
  const typing =
    last !== undefined &&
    history.past.length > 1 &&
    next.text.length === last.text.length + 1 &&
    next.text.startsWith(last.text) &&
    !/\s$/.test(next.text) &&
    !/\s$/.test(last.text);
  const kept = typing ? history.past.slice(0, -1) : history.past;
  const past = [...kept, next].slice(-(Limits.editorUndoSteps + 1));
  return { past, future: [] };
}

/** One step back; the same history when there is nothing to undo. */
export function undo(history: UndoHistory): UndoHistory {
  const present = history.past[history.past.length - 1];
  if (history.past.length < 2 || !present) return history;
  return {
    past: history.past.slice(0, -1),
    future: [present, ...history.future],
  };
}

/** One step forward again; the same history when nothing was undone. */
export function redo(history: UndoHistory): UndoHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, next], future: rest };
}

/** The state shown now. */
export function present(history: UndoHistory): Snapshot {
  return history.past[history.past.length - 1] ?? { text: "", caret: 0 };
}

/** Which history key a key press is: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo. */
export function historyKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): "undo" | "redo" | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y" && !event.shiftKey) return "redo";
  return null;
}
