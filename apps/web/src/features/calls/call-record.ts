import { CallCodes, type Message } from "@parley/protocol";

/** Seconds as hours, minutes and seconds (SPEC §4, §9: call time display). */
export function callDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/** A call's record as a chat row shows it: voice or video, and the key of how it ended. */
export interface CallRecordView {
  video: boolean;
  /** The key of its line under `calls:record.*`. */
  key: string;
  /** Seconds in call, for an answered call that ended. */
  seconds: number;
}

/**
 * How a `webrtc` message reads for one side: the caller sees "Cancelled" where the callee
 * sees "Missed call"; an answered call shows its duration.
 */
export function callRecordOf(
  message: Pick<Message, "type" | "extends">,
  mine: boolean,
): CallRecordView | undefined {
  if (message.type !== "webrtc") return undefined;
  const ext = message.extends;
  const code = Number(ext.code);
  const seconds = Number(ext.callTime) || 0;
  const video = Number(ext.type) === 1;
  const key = ((): string => {
    switch (code) {
      case CallCodes.calling:
        return mine ? "calling" : "ringing";
      case CallCodes.cancelled:
        return mine ? "cancelled" : "missed";
      case CallCodes.rejected:
        return mine ? "declinedByThem" : "declined";
      case CallCodes.accepted:
        return "inCall";
      case CallCodes.ended:
        return "duration";
      case CallCodes.busy:
        if (!mine) return "missed";
        return ext.reason === "offline" ? "offline" : "busy";
      default:
        return "notConnected";
    }
  })();
  return { video, key, seconds };
}
