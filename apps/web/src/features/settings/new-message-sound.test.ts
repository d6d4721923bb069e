import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeContact, makeMessage } from "../../../test/factories";
import {
  CHIME_GAP_MS,
  type ChimeContext,
  playChime,
  resetChime,
  shouldChime,
} from "./new-message-sound";

const ME = 1;
const base: ChimeContext = {
  me: ME,
  soundOn: true,
  openChat: null,
  visible: true,
  contacts: [makeContact(2)],
};
const fromBob = makeMessage(1, 2);
const toGroup = makeMessage(2, 2, {
  is_group: 1,
  toContactId: "group-5",
  toUser: "group-5",
});

describe("shouldChime", () => {
  it("sounds for someone else's message in a chat that is not open", () => {
    expect(shouldChime(fromBob, base)).toBe(true);
    expect(shouldChime(toGroup, base)).toBe(true);
  });

  it("stays quiet when the sound is off", () => {
    expect(shouldChime(fromBob, { ...base, soundOn: false })).toBe(false);
  });

  it("stays quiet for my own messages", () => {
    expect(shouldChime(makeMessage(3, ME), base)).toBe(false);
  });

  it("stays quiet in the open chat, unless the tab is hidden", () => {
    expect(shouldChime(fromBob, { ...base, openChat: 2 })).toBe(false);
    expect(shouldChime(toGroup, { ...base, openChat: "group-5" })).toBe(false);
    expect(shouldChime(fromBob, { ...base, openChat: 2, visible: false })).toBe(
      true,
    );
    // Another chat open: the message's own chat is not.
    expect(shouldChime(fromBob, { ...base, openChat: "group-5" })).toBe(true);
  });

  it("stays quiet in a muted chat (is_notice 0)", () => {
    expect(
      shouldChime(fromBob, {
        ...base,
        contacts: [makeContact(2, { is_notice: 0 })],
      }),
    ).toBe(false);
    expect(
      shouldChime(toGroup, {
        ...base,
        contacts: [
          makeContact(2),
          { ...makeContact(5), id: "group-5", is_notice: 0 },
        ],
      }),
    ).toBe(false);
  });

  it("sounds for a first message from someone not in my list yet", () => {
    expect(shouldChime(fromBob, { ...base, contacts: [] })).toBe(true);
    expect(shouldChime(fromBob, { ...base, contacts: undefined })).toBe(true);
  });

  it("stays quiet for group events and call signalling", () => {
    expect(shouldChime({ ...toGroup, type: "event" }, base)).toBe(false);
    expect(shouldChime({ ...fromBob, type: "webrtc" }, base)).toBe(false);
  });
});

describe("playChime", () => {
  const started = vi.fn();

  /** A Web Audio double: enough of AudioContext for the tone, counting started notes. */
  class FakeAudioContext {
    state = "running";
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createOscillator() {
      return {
        type: "",
        frequency: { value: 0 },
        connect: (node: unknown) => node,
        start: started,
        stop: () => undefined,
      };
    }
    createGain() {
      const ramp = () => undefined;
      return {
        gain: {
          setValueAtTime: ramp,
          exponentialRampToValueAtTime: ramp,
        },
        connect: (node: unknown) => node,
      };
    }
  }

  beforeEach(() => {
    started.mockClear();
    resetChime();
    vi.stubGlobal("AudioContext", FakeAudioContext);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("plays a two-note tone, once for a burst of messages", () => {
    expect(playChime(10_000)).toBe(true);
    expect(started).toHaveBeenCalledTimes(2);
    expect(playChime(10_000 + CHIME_GAP_MS - 1)).toBe(false);
    expect(started).toHaveBeenCalledTimes(2);
    expect(playChime(10_000 + CHIME_GAP_MS)).toBe(true);
    expect(started).toHaveBeenCalledTimes(4);
  });
});
