import {
  CALL_RING_MS,
  CallCodes,
  type CallEvent,
  type CallSignal,
} from "@parley/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n";
import { resetFeedbackDebounce, setFeedback } from "../../lib/feedback";
import { CallController } from "./call-controller";
import {
  type CallPeer,
  CallStatus,
  IDLE_CALL,
  useCallStore,
} from "./call.store";

/*
 * SPEC §4: the caller's ring gives up at the 0 of the overlay's countdown, `ringUntil`,
 * counted from the call's start. The server's answer to `calling` is held back here, so
 * a ring timer started only once the answer arrived would outlast that 0.
 */
const PEER: CallPeer = { id: 2, name: "B", avatar: "" };
const open = vi.fn();

/** The steps the controller posted, in order. */
let posted: CallEvent[];
/** Hands the held-back `calling` request its answer. */
let answerCalling: () => void;

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: "", data, count: 0, page: 0 }));

/** The server's answer to `calling`: the callee is being rung (901), not busy (907). */
const ringing = (id: string): CallSignal => ({
  id,
  msg_id: 1,
  sendTime: Date.now(),
  toContactId: PEER.id,
  content: "",
  type: "webrtc",
  status: "succeed",
  is_group: 0,
  is_read: 0,
  from_user: 1,
  fromUser: {
    id: 1,
    user_id: 1,
    realname: "A",
    displayName: "A",
    account: "a",
    avatar: "",
    name_py: "",
  },
  at: [],
  extends: {
    type: 0,
    status: CallStatus.calling,
    event: "calling",
    callTime: 0,
    sdp: "",
    code: CallCodes.calling,
    iceCandidate: "",
    isMobile: 0,
  },
});

const status = () => useCallStore.getState().status;

beforeEach(() => {
  vi.useFakeTimers();
  posted = [];
  answerCalling = () => {
    throw new Error("no calling request");
  };
  // Only the stream's track lists are read (and stopped on hang-up); a voice call has none.
  const stream = {
    getTracks: () => [],
    getAudioTracks: () => [],
    getVideoTracks: () => [],
  } as unknown as MediaStream;
  // jsdom has no media devices at all.
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: vi.fn(() => Promise.resolve(stream)) },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn((_path: string, init: RequestInit) => {
      // `call` posts JSON text; only the step and the call's id matter here.
      if (typeof init.body !== "string") throw new Error("not a JSON post");
      const body = JSON.parse(init.body) as {
        id: string;
        event: CallEvent;
      };
      posted.push(body.event);
      if (body.event !== "calling") return Promise.resolve(envelope(""));
      return new Promise<Response>((resolve) => {
        answerCalling = () => resolve(envelope(ringing(body.id)));
      });
    }),
  );
  open.mockClear();
  resetFeedbackDebounce();
  // Only the toast is expected; the dialog would be a failure of its own.
  setFeedback({ message: { open }, modal: { warning: vi.fn() } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "mediaDevices");
  setFeedback(null);
  // The web project shares modules between test files: the next one starts idle.
  useCallStore.setState(IDLE_CALL, true);
});

/** Starts a voice call and waits until the `calling` step is on its way. */
async function startCall(controller: CallController) {
  const started = controller.start(PEER, 0, []);
  await vi.advanceTimersByTimeAsync(0);
  expect(posted).toEqual(["calling"]);
  expect(status()).toBe(CallStatus.calling);
  return { started, startedAt: Date.now() };
}

describe("the caller's ring (SPEC §4: hang up when the countdown reaches 0)", () => {
  it("ends at ringUntil even when the server answers the call 35 s late", async () => {
    const controller = new CallController();
    const { started, startedAt } = await startCall(controller);
    const { ringUntil } = useCallStore.getState();
    expect(ringUntil).toBe(startedAt + CALL_RING_MS);

    await vi.advanceTimersByTimeAsync(35_000);
    answerCalling();
    await started;
    expect(status()).toBe(CallStatus.calling);

    // Only what is left of the 40 s, not another 40 s from the answer.
    await vi.advanceTimersByTimeAsync((ringUntil ?? 0) - Date.now() - 1);
    expect(status()).toBe(CallStatus.calling);
    expect(posted).toEqual(["calling"]);

    await vi.advanceTimersByTimeAsync(1);
    expect(Date.now()).toBe(ringUntil);
    expect(status()).toBe(CallStatus.idle);
    expect(posted).toEqual(["calling", "hangup"]);
    expect(open).toHaveBeenCalledWith(
      expect.objectContaining({ content: i18n.t("calls:noAnswer") }),
    );
  });

  it("rings the whole 40 s, and no longer, when the server answers at once", async () => {
    const controller = new CallController();
    const { started, startedAt } = await startCall(controller);
    answerCalling();
    await started;

    await vi.advanceTimersByTimeAsync(CALL_RING_MS - 100);
    expect(Date.now()).toBe(startedAt + 39_900);
    expect(status()).toBe(CallStatus.calling);
    expect(posted).toEqual(["calling"]);

    await vi.advanceTimersByTimeAsync(100);
    expect(status()).toBe(CallStatus.idle);
    expect(posted).toEqual(["calling", "hangup"]);
  });
});
