import type { ModalFuncProps } from "antd";
import type { HookAPI } from "antd/es/modal/useModal";
import { useSyncExternalStore } from "react";
import { lazyDialog } from "../lib/lazy-parts";

type Kind = "confirm" | "error";

/** Whether a dialog was asked for: the host then fetches antd's modal and stays. */
let wanted = false;
const listeners = new Set<() => void>();
/** The modal API of the mounted holder, if any. */
let current: HookAPI | null = null;
/** Dialogs asked for before the API was here, shown when it is. */
let waiting: { kind: Kind; options: ModalFuncProps }[] = [];

function setWanted(next: boolean): void {
  wanted = next;
  for (const listener of listeners) listener();
}

function onReady(api: HookAPI | null): void {
  current = api;
  if (!api) return;
  const queued = waiting;
  waiting = [];
  for (const { kind, options } of queued) api[kind](options);
}

const Holder = lazyDialog<{ onReady: (api: HookAPI | null) => void }>(
  () => import("./app-modal-part").then((m) => m.ModalHolder),
  {
    useOpen: () => true,
    // Offline: the dialogs asked for are called off (lazyDialog says so); the next one
    // tries the fetch again.
    onFailed: () => {
      waiting = [];
      setWanted(false);
    },
  },
);

/**
 * The app's confirmation and error dialogs (antd's modal API, themed like the screen),
 * whose code is fetched with the first dialog asked for (issue 14, F1), not with every
 * screen. Mounted once, in antd's shell (app/AntShell.tsx).
 */
export function AppModalHost() {
  const shown = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
  return shown ? <Holder onReady={onReady} /> : null;
}

function show(kind: Kind, options: ModalFuncProps): void {
  if (current) {
    current[kind](options);
    return;
  }
  waiting.push({ kind, options });
  if (!wanted) setWanted(true);
}

/** antd's modal API as the app uses it: asked for anywhere, shown by AppModalHost. */
export const appModal = {
  confirm: (options: ModalFuncProps) => show("confirm", options),
  error: (options: ModalFuncProps) => show("error", options),
};
