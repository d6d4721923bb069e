import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { MessageSenderSchema } from "../entities/message.js";
import { defineCall } from "./define.js";

/*
 * One-to-one voice and video calls (SPEC §4 Call, wire-contract.md §2.4 `sendToMsg`, §3.6
 * `webrtc`, §5.10): each step of a call is a `sendToMsg` POST, relayed by the server as a
 * `webrtc` event to the other party (and, for some steps, to the sender's other devices).
 */

/** The steps of a call as clients send them (SPEC §4; `turndown` is a rejection). */
export const CALL_EVENTS = [
  "calling",
  "acceptRtc",
  "offer",
  "answer",
  "iceCandidate",
  "hangup",
  "busy",
  "turndown",
] as const;
/** One step of a call. */
export type CallEvent = (typeof CALL_EVENTS)[number];

/** What a `webrtc` event's `extends.event` says: a step, or a step taken on another device. */
export type CallSignalEvent = CallEvent | "otherOpt";

/** A call's codes (wire-contract.md §5.10). */
export const CallCodes = {
  calling: 901,
  cancelled: 902,
  rejected: 903,
  accepted: 904,
  notConnected: 905,
  ended: 906,
  busy: 907,
  elsewhere: 908,
} as const;
/** One call code. */
export type CallCode = (typeof CallCodes)[keyof typeof CallCodes];

/** What a call carries: 0 voice, 1 video. */
export const CallKinds = { voice: 0, video: 1 } as const;

/** The caller hangs up (902) when nobody answers within this long (SPEC §9). */
export const CALL_RING_MS = 40_000;
/** Incoming ICE candidates are applied this long after they arrive (SPEC §4, §9). */
export const ICE_CANDIDATE_DELAY_MS = 100;
/** The longest session description relayed: far above a real one, far below a flood. */
export const SDP_MAX_CHARS = 32_768;
/** The longest ICE candidate relayed (a JSON string `{candidate, sdpMLineIndex, sdpMid}`). */
export const ICE_CANDIDATE_MAX_CHARS = 2_048;

/** `extends` of a `webrtc` message: the call's kind, step, code and what the step carries. */
export const CallExtendsSchema = z.object({
  /** 0 voice, 1 video. */
  type: z.int(),
  /** The sender's call status when it sent the step (SPEC §4: 0–4). */
  status: z.int(),
  event: z.string(),
  /** Seconds in call (on the end of an answered call). */
  callTime: z.int(),
  sdp: z.string(),
  code: z.int(),
  iceCandidate: z.string(),
  isMobile: z.int(),
  /** Beyond the wire contract, on a 907 the server answers: the callee is busy or not online. */
  reason: z.optional(z.enum(["busy", "offline"])),
});
/** `extends` of a `webrtc` message. */
export type CallExtends = z.infer<typeof CallExtendsSchema>;

/** Who the other party is, on an echo to the sender's own devices. */
export const CallContactSchema = z.object({
  id: z.int(),
  displayName: z.string(),
  avatar: z.string(),
});

/**
 * A call step as the server relays it (wire-contract.md §5.10): a `webrtc` message whose
 * `msg_id` is the call's record, filed under the other party (`toContactId`).
 */
export const CallSignalSchema = z.object({
  /** The call's id (the caller's UUID). */
  id: z.string(),
  msg_id: z.int(),
  sendTime: z.number(),
  toContactId: z.int(),
  /** The record's status text. */
  content: z.string(),
  type: z.literal("webrtc"),
  status: z.literal("succeed"),
  is_group: z.literal(0),
  is_read: z.int(),
  from_user: z.int(),
  fromUser: MessageSenderSchema,
  at: z.array(z.string()),
  extends: CallExtendsSchema,
  /** On echoes to the sender's own devices: whom the call is with. */
  contactInfo: z.optional(CallContactSchema),
});
/** A call step as the server relays it. */
export type CallSignal = z.infer<typeof CallSignalSchema>;

/**
 * `enterprise/im/sendToMsg`: one step of a call. `calling` starts one (refused when calls or
 * single chat are off, when the other party may not be chatted with, when the caller is in a
 * call on any device; answered with a `busy` step, code 907, when the callee is in a call or
 * not online) and stores its record; every other step must name a live call of the sender
 * with that party, and the server decides the end code and the call time itself.
 */
export const sendToMsg = defineCall({
  path: "/enterprise/im/sendToMsg",
  auth: "session",
  request: z.object({
    id: z.pipe(formString(), z.uuid({ error: "call.notFound" })),
    msg_id: optional(formInt()),
    toContactId: positiveId("contact.notFound"),
    type: optional(z.pipe(formInt(), z.union([z.literal(0), z.literal(1)]))),
    event: z.pipe(formString(), z.enum(CALL_EVENTS)),
    status: optional(formInt()),
    code: optional(formInt()),
    callTime: optional(formInt()),
    sdp: optional(
      z.pipe(
        formString(),
        z
          .string()
          .check(z.maxLength(SDP_MAX_CHARS, { error: "call.tooLarge" })),
      ),
    ),
    iceCandidate: optional(
      z.pipe(
        formString(),
        z
          .string()
          .check(
            z.maxLength(ICE_CANDIDATE_MAX_CHARS, { error: "call.tooLarge" }),
          ),
      ),
    ),
  }),
  response: CallSignalSchema,
});
