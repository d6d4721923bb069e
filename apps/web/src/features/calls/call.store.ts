import { create } from "zustand";

/** SPEC §4 Call status: 0 idle, 1 calling (outgoing), 2 in call, 3 ringing (incoming), 4 busy. */
export const CallStatus = {
  idle: 0,
  calling: 1,
  inCall: 2,
  ringing: 3,
  busy: 4,
} as const;
export type CallStatusValue = (typeof CallStatus)[keyof typeof CallStatus];

/** The other party, as the overlay shows them. */
export interface CallPeer {
  id: number;
  name: string;
  avatar: string;
}

/** How the connection is doing, from `getStats` (beyond SPEC). */
export interface CallQuality {
  /** Round-trip time in ms, when known. */
  rttMs: number | null;
  /** Share of packets lost since the call started, 0–1. */
  loss: number;
}

/** The call on screen (UI state; the media objects live with it while it lasts). */
export interface CallState {
  status: CallStatusValue;
  /** The call's id (the caller's UUID). */
  id: string | null;
  peer: CallPeer | null;
  /** 0 voice, 1 video. */
  kind: number;
  /** When the outgoing ring gives up (ms since the epoch). */
  ringUntil: number | null;
  /** When media started to flow (ms), for the time in call. */
  connectedAt: number | null;
  local: MediaStream | null;
  remote: MediaStream | null;
  micOn: boolean;
  cameraOn: boolean;
  sharing: boolean;
  quality: CallQuality | null;
  /** Why the busy state shows (status 4): the key of its text. */
  busyKey: string | null;
}

export const IDLE_CALL: CallState = {
  status: CallStatus.idle,
  id: null,
  peer: null,
  kind: 0,
  ringUntil: null,
  connectedAt: null,
  local: null,
  remote: null,
  micOn: true,
  cameraOn: true,
  sharing: false,
  quality: null,
  busyKey: null,
};

/** The one call of this tab. Written only by the call controller. */
export const useCallStore = create<CallState>(() => IDLE_CALL);
