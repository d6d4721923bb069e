import {
  type CallExtends,
  type CallSignal,
  CallCodes,
  type MessageSender,
} from "@parley/protocol";

/** A call the server is keeping track of (shared by every process). */
export interface LiveCall {
  /** The caller's UUID for it; also the record's client id. */
  id: string;
  caller: number;
  callee: number;
  /** 0 voice, 1 video. */
  kind: number;
  /** The call's record (a `webrtc` message). */
  msgId: number;
  state: "ringing" | "connected";
  startedAt: number;
  acceptedAt: number | null;
}

/** Seconds as hours, minutes and seconds (SPEC §9 call time display). */
export function callDuration(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * A call record's status text as existing clients show it (the wire's own language, as the
 * withdrawn line's): our client writes its own from the code, in the reader's language.
 */
export function callText(
  code: number,
  callTime: number,
  reason?: "busy" | "offline",
): string {
  switch (code) {
    case CallCodes.calling:
      return "发起通话";
    case CallCodes.cancelled:
      return "已取消";
    case CallCodes.rejected:
      return "已拒绝";
    case CallCodes.accepted:
      return "已接通";
    case CallCodes.notConnected:
      return "未接通";
    case CallCodes.ended:
      return `通话时长 ${callDuration(callTime)}`;
    case CallCodes.busy:
      return reason === "offline" ? "对方不在线" : "对方忙线中";
    default:
      return "已在其他设备处理";
  }
}

/** What one step carries beyond its event and code. */
export interface StepContent {
  event: string;
  code: number;
  status: number;
  callTime?: number;
  sdp?: string;
  iceCandidate?: string;
  reason?: "busy" | "offline" | undefined;
}

/** The `extends` of a step, every field present as the contract lists them. */
export function callExtends(call: LiveCall, step: StepContent): CallExtends {
  return {
    type: call.kind,
    status: step.status,
    event: step.event,
    callTime: step.callTime ?? 0,
    sdp: step.sdp ?? "",
    code: step.code,
    iceCandidate: step.iceCandidate ?? "",
    isMobile: 0,
    ...(step.reason ? { reason: step.reason } : {}),
  };
}

/** A step as one side receives it: filed under the other party (`toContactId`). */
export function toSignal(
  call: LiveCall,
  step: StepContent,
  from: MessageSender,
  toContactId: number,
  sendTime: number,
): CallSignal {
  return {
    id: call.id,
    msg_id: call.msgId,
    sendTime,
    toContactId,
    content: callText(step.code, step.callTime ?? 0, step.reason),
    type: "webrtc",
    status: "succeed",
    is_group: 0,
    is_read: 0,
    from_user: from.user_id,
    fromUser: from,
    at: [],
    extends: callExtends(call, step),
  };
}
