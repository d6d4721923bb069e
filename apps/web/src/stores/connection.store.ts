import { create } from "zustand";

/** The realtime channel as the UI shows it. */
export type ConnectionStatus = "idle" | "connecting" | "open" | "down";

interface ConnectionState {
  status: ConnectionStatus;
  /** While down: a reconnect try is under way (the banner says "connecting…"). */
  attempting: boolean;
  clientId: string | null;
  setStatus: (status: ConnectionStatus) => void;
  setAttempting: (attempting: boolean) => void;
  setClientId: (clientId: string | null) => void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  status: "idle",
  attempting: false,
  clientId: null,
  setStatus: (status) =>
    set(status === "down" ? { status } : { status, attempting: false }),
  setAttempting: (attempting) => set({ attempting }),
  setClientId: (clientId) => set({ clientId }),
}));
