import {
  type CallRequest,
  type CallSignal,
  CallCodes,
  denial,
  type MessageSender,
  type webrtc,
} from "@parley/protocol";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Policy, Presence, Publish } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { rateLimited, refuse } from "../../lib/errors.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { SharedKeys } from "../../lib/shared-keys.js";
import type { ActiveUser } from "../accounts/accounts.service.js";
import { toSender } from "../accounts/accounts.mapper.js";
import {
  callExtends,
  callText,
  type LiveCall,
  type StepContent,
  toSignal,
} from "./calls.mapper.js";
import type { ActiveUsers } from "../accounts/accounts.ports.js";
import type { CallRecords } from "../messages/messages.ports.js";

type StepInput = CallRequest<typeof webrtc.sendToMsg>;

/** SPEC §4 Call status: what the sender was doing when it sent the step. */
const Status = { idle: 0, calling: 1, inCall: 2, ringing: 3, busy: 4 } as const;

/** After the ring time, a little longer for the keys of a call nobody ended (a process died). */
const RING_GRACE_MS = 20_000;
/** The longest a call is kept track of once answered. */
const CONNECTED_TTL_MS = 12 * 3600 * 1000;
/** How long the mark that a call ended stays (a late step then answers "not found"). */
const ENDED_TTL_MS = 10 * 60 * 1000;

const callKey = (id: string) => `call:${id}`;
const userKey = (userId: number) => `callUser:${String(userId)}`;
const acceptKey = (id: string) => `callAccept:${id}`;
const endKey = (id: string) => `callEnd:${id}`;

export interface CallsDeps {
  keys: SharedKeys;
  clock: Clock;
  publish: Publish;
  presence: Presence;
  policy: Policy;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  /** Chat histories (a port: app.ts wires it). */
  messages: CallRecords;
  logger: Logger;
  ringMs: number;
  callsPerUser: Limiter;
  signalsPerUser: Limiter;
}

/** What this service asks of other features (app.ts wires each one). */
export type CallsPorts = Pick<CallsDeps, "accounts" | "messages">;

/**
 * One-to-one calls (SPEC §4 Call, wire-contract.md §5.10): the server relays each step of a
 * call between its two parties only, keeps who is in a call on every process, stores the
 * call's record and decides how it ended; a call nobody ends is ended after the ring time,
 * or when a party's last socket goes.
 */
export class CallsService {
  /** Ring timers of the calls started on this process. */
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: CallsDeps) {}

  /** `sendToMsg`: one step of a call, from a signed-in user. */
  async step(
    userId: number,
    input: StepInput,
    publicUrl: string,
  ): Promise<CallSignal> {
    if (input.event === "calling") return this.start(userId, input, publicUrl);
    const call = await this.partyCall(input.id, userId, input.toContactId);
    const me = await this.activeUser(userId);
    const sender = toSender(me, publicUrl);
    switch (input.event) {
      case "acceptRtc":
        return this.accept(call, me, sender, publicUrl);
      case "offer":
      case "answer":
      case "iceCandidate":
        return this.relay(call, userId, sender, input);
      case "hangup":
      case "busy":
      case "turndown": {
        const ringing = call.state === "ringing";
        const code = !ringing
          ? CallCodes.ended
          : userId === call.caller
            ? CallCodes.cancelled
            : input.event === "busy"
              ? CallCodes.busy
              : CallCodes.rejected;
        const signal = await this.end(
          call,
          code,
          { userId, sender, event: input.event === "busy" ? "busy" : "hangup" },
          publicUrl,
        );
        if (!signal) throw refuse("call.notFound");
        return signal;
      }
    }
  }

  /** A user's last socket went (every process): a call of theirs ends with them. */
  async userGone(userId: number): Promise<void> {
    try {
      const id = await this.deps.keys.get(userKey(userId));
      if (!id) return;
      const call = await this.liveCall(id);
      if (!call) return;
      await this.end(
        call,
        call.state === "ringing" ? CallCodes.cancelled : CallCodes.ended,
        null,
        "",
      );
    } catch (error) {
      this.deps.logger.warn(
        { err: String(error) },
        "call of a user who left not ended",
      );
    }
  }

  private async activeUser(userId: number): Promise<ActiveUser> {
    const user = await this.deps.accounts.activeUser(userId);
    if (!user) throw refuse("contact.notFound");
    return user;
  }

  private async liveCall(id: string): Promise<LiveCall | null> {
    const raw = await this.deps.keys.get(callKey(id));
    return raw ? (JSON.parse(raw) as LiveCall) : null; // written only by this class
  }

  /** The live call with this id between the sender and this party; else like a missing one. */
  private async partyCall(
    id: string,
    userId: number,
    partyId: number,
  ): Promise<LiveCall> {
    const call = await this.liveCall(id);
    const isParty =
      call !== null &&
      ((call.caller === userId && call.callee === partyId) ||
        (call.callee === userId && call.caller === partyId));
    if (!call || !isParty) throw refuse("call.notFound");
    return call;
  }

  /**
   * `calling`: refused when calls or single chat are off, when the callee may not be
   * chatted with, or when the caller is in a call on any device; answered with a `busy`
   * step (907) when the callee is not online or in another call. Otherwise the record is
   * stored, the callee's devices ring and the caller's other devices hear of it.
   */
  private async start(
    userId: number,
    input: StepInput,
    publicUrl: string,
  ): Promise<CallSignal> {
    const { keys, clock } = this.deps;
    const config = await this.deps.policy.config();
    const actor = this.deps.policy.actor({ userId, role: 0 });
    if (denial(actor, "call.start", { config }) !== null) {
      if (config.chatInfo.simpleChat === "0")
        throw refuse("chat.singleDisabled");
      throw refuse("call.disabled");
    }
    if (input.type === 1 && denial(actor, "call.video", { config }) !== null)
      throw refuse("call.videoDisabled");
    const { me, peer } = await this.deps.messages.mayChatWith(
      userId,
      input.toContactId,
    );
    const waitMs = await this.deps.callsPerUser.take(String(userId));
    if (waitMs > 0) throw rateLimited(waitMs);
    const sender = toSender(me, publicUrl);
    const ringTtl = this.deps.ringMs + RING_GRACE_MS;
    const call: LiveCall = {
      id: input.id,
      caller: userId,
      callee: peer.user_id,
      kind: input.type ?? 0,
      msgId: 0,
      state: "ringing",
      startedAt: clock.now(),
      acceptedAt: null,
    };

    // The same call sent again (a retried request): its calling step as first answered.
    const again = await this.liveCall(input.id);
    if (again) {
      // Someone else's call id is never taken over.
      if (again.caller !== userId || again.callee !== peer.user_id)
        throw refuse("call.notFound");
      return toSignal(
        again,
        this.callingStep(),
        sender,
        peer.user_id,
        clock.now(),
      );
    }
    if (await keys.get(endKey(input.id))) throw refuse("call.notFound");

    if (!(await keys.claim(userKey(userId), input.id, ringTtl)))
      throw refuse("call.inAnotherCall");
    const online = await this.deps.presence.onlineAmong([peer.user_id]);
    const reason = !online.has(peer.user_id)
      ? "offline"
      : (await keys.claim(userKey(peer.user_id), input.id, ringTtl))
        ? null
        : "busy";
    if (reason !== null) {
      await keys.release(userKey(userId), input.id);
      // The attempt is kept in the chat, as it ended: busy, or not online.
      const step: StepContent = {
        event: "busy",
        code: CallCodes.busy,
        status: Status.idle,
        reason,
      };
      const row = await this.deps.messages.storeCallRecord({
        id: input.id,
        caller: userId,
        callee: peer.user_id,
        content: callText(CallCodes.busy, 0, reason),
        extends: callExtends(call, step),
      });
      // Busy with someone else: the callee's chat shows the missed call now.
      if (reason === "busy")
        await this.deps.messages.announceCallRecord(row, me, publicUrl);
      return toSignal(
        { ...call, msgId: row.msg_id },
        step,
        sender,
        peer.user_id,
        clock.now(),
      );
    }

    const step = this.callingStep();
    let row;
    try {
      row = await this.deps.messages.storeCallRecord({
        id: input.id,
        caller: userId,
        callee: peer.user_id,
        content: callText(CallCodes.calling, 0),
        extends: callExtends(call, step),
      });
    } catch (error) {
      await keys.release(userKey(userId), input.id);
      await keys.release(userKey(peer.user_id), input.id);
      throw error;
    }
    call.msgId = row.msg_id;
    await keys.set(callKey(call.id), JSON.stringify(call), ringTtl);
    this.ring(call);

    const now = clock.now();
    const { publish } = this.deps;
    await publish.toUsers(
      [peer.user_id],
      "webrtc",
      toSignal(call, step, sender, userId, now),
    );
    const mine = toSignal(call, step, sender, peer.user_id, now);
    await publish.toUsers([userId], "webrtc", {
      ...mine,
      contactInfo: this.contactInfo(peer, publicUrl),
    });
    return mine;
  }

  private callingStep(): StepContent {
    return {
      event: "calling",
      code: CallCodes.calling,
      status: Status.calling,
    };
  }

  private contactInfo(user: ActiveUser, publicUrl: string) {
    const person = toSender(user, publicUrl);
    return {
      id: person.id,
      displayName: person.displayName,
      avatar: person.avatar,
    };
  }

  /** Ends the call if it still rings after the ring time (the caller's tab may be gone). */
  private ring(call: LiveCall): void {
    const timer = setTimeout(() => {
      this.timers.delete(call.id);
      void this.liveCall(call.id)
        .then((live) =>
          live?.state === "ringing"
            ? this.end(live, CallCodes.cancelled, null, "")
            : null,
        )
        .catch((error: unknown) => {
          this.deps.logger.warn({ err: String(error) }, "ring not ended");
        });
    }, this.deps.ringMs);
    timer.unref();
    this.timers.set(call.id, timer);
  }

  /**
   * `acceptRtc` (904) by the callee, once, while it rings: the caller hears it and the
   * callee's other devices stop ringing (`otherOpt`). A second device answering hears the
   * call was answered elsewhere (908).
   */
  private async accept(
    call: LiveCall,
    me: ActiveUser,
    sender: MessageSender,
    publicUrl: string,
  ): Promise<CallSignal> {
    const { keys, clock } = this.deps;
    if (me.user_id !== call.callee) throw refuse("call.notFound");
    if (
      call.state !== "ringing" ||
      !(await keys.claim(acceptKey(call.id), "1", CONNECTED_TTL_MS))
    )
      throw refuse("call.handledElsewhere");
    const now = clock.now();
    const connected: LiveCall = {
      ...call,
      state: "connected",
      acceptedAt: now,
    };
    const stillLive = await keys.replace(
      callKey(call.id),
      JSON.stringify(connected),
      CONNECTED_TTL_MS,
    );
    if (!stillLive) throw refuse("call.notFound");
    await keys.extend(userKey(call.caller), call.id, CONNECTED_TTL_MS);
    await keys.extend(userKey(call.callee), call.id, CONNECTED_TTL_MS);
    this.stopRinging(call.id);
    const step: StepContent = {
      event: "acceptRtc",
      code: CallCodes.accepted,
      status: Status.inCall,
    };
    await this.deps.messages.updateCallRecord(
      call.msgId,
      callText(CallCodes.accepted, 0),
      callExtends(connected, step),
    );
    const caller = await this.deps.accounts.activeUser(call.caller);
    await this.deps.publish.toUsers(
      [call.caller],
      "webrtc",
      toSignal(connected, step, sender, me.user_id, now),
    );
    const mine = toSignal(connected, step, sender, call.caller, now);
    await this.deps.publish.toUsers([me.user_id], "webrtc", {
      ...mine,
      extends: { ...mine.extends, event: "otherOpt" },
      ...(caller ? { contactInfo: this.contactInfo(caller, publicUrl) } : {}),
    });
    return mine;
  }

  /** An offer, answer or ICE candidate: to the other party only, once the call is answered. */
  private async relay(
    call: LiveCall,
    userId: number,
    sender: MessageSender,
    input: StepInput,
  ): Promise<CallSignal> {
    if (call.state !== "connected") throw refuse("call.notFound");
    const waitMs = await this.deps.signalsPerUser.take(String(userId));
    if (waitMs > 0) throw rateLimited(waitMs);
    const other = userId === call.caller ? call.callee : call.caller;
    const step: StepContent = {
      event: input.event,
      code: CallCodes.accepted,
      status: Status.inCall,
      sdp: input.event === "iceCandidate" ? "" : (input.sdp ?? ""),
      iceCandidate:
        input.event === "iceCandidate" ? (input.iceCandidate ?? "") : "",
    };
    const now = this.deps.clock.now();
    await this.deps.publish.toUsers(
      [other],
      "webrtc",
      toSignal(call, step, sender, userId, now),
    );
    return toSignal(call, step, sender, other, now);
  }

  private stopRinging(id: string): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  /**
   * Ends a call once, whichever process or party gets there first: frees both parties,
   * writes how it ended (and how long it lasted) into its record, and tells the other
   * party (`hangup`, or `busy`) and the ender's other devices (`otherOpt`). Ended by the
   * server (`by` null), both parties hear `hangup`. Null when it had already ended.
   */
  private async end(
    call: LiveCall,
    code: number,
    by: {
      userId: number;
      sender: MessageSender;
      event: "hangup" | "busy";
    } | null,
    publicUrl: string,
  ): Promise<CallSignal | null> {
    const { keys, clock } = this.deps;
    if (!(await keys.claim(endKey(call.id), "1", ENDED_TTL_MS))) return null;
    await keys.delete(callKey(call.id));
    await keys.release(userKey(call.caller), call.id);
    await keys.release(userKey(call.callee), call.id);
    this.stopRinging(call.id);
    const now = clock.now();
    const callTime =
      call.acceptedAt === null
        ? 0
        : Math.max(0, Math.floor((now - call.acceptedAt) / 1000));
    const step: StepContent = {
      event: by?.event ?? "hangup",
      code,
      status: Status.idle,
      callTime,
    };
    await this.deps.messages.updateCallRecord(
      call.msgId,
      callText(code, callTime),
      callExtends(call, { ...step, event: "hangup" }),
    );
    const { publish } = this.deps;
    if (by === null) {
      const [caller, callee] = await Promise.all([
        this.deps.accounts.activeUser(call.caller),
        this.deps.accounts.activeUser(call.callee),
      ]);
      if (callee)
        await publish.toUsers(
          [call.caller],
          "webrtc",
          toSignal(call, step, toSender(callee, publicUrl), call.callee, now),
        );
      if (caller)
        await publish.toUsers(
          [call.callee],
          "webrtc",
          toSignal(call, step, toSender(caller, publicUrl), call.caller, now),
        );
      return null;
    }
    const other = by.userId === call.caller ? call.callee : call.caller;
    await publish.toUsers(
      [other],
      "webrtc",
      toSignal(call, step, by.sender, by.userId, now),
    );
    const mine = toSignal(call, step, by.sender, other, now);
    const otherUser = await this.deps.accounts.activeUser(other);
    await publish.toUsers([by.userId], "webrtc", {
      ...mine,
      extends: { ...mine.extends, event: "otherOpt" },
      ...(otherUser
        ? { contactInfo: this.contactInfo(otherUser, publicUrl) }
        : {}),
    });
    return mine;
  }
}
