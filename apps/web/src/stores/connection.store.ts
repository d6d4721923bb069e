import { create } from "zustand";

/** The realtime channel as the UI shows it. */
export type ConnectionStatus = "idle" | "connecting" | "open" | "down";

interface ConnectionState {
  status: ConnectionStatus;
  clientId: string | null;
  setStatus: (status: ConnectionStatus) => void;
  setClientId: (clientId: string | null) => void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  status: "idle",
  clientId: null,
  setStatus: (status) => set({ status }),
  setClientId: (clientId) => set({ clientId }),
}));
