import { describe, expect, it } from "vitest";
import {
  canRerecord,
  canSend,
  formatRecorderTime,
  hasClip,
  isRecording,
  nextRecorderState,
  type RecorderAction,
  type RecorderState,
  RecorderStates,
  showStop,
} from "./voice-recorder";

/*
 * SPEC §4's voice-recorder table, both ways: every allowed move lands where the table says,
 * and every other action leaves the state as it was.
 */
const STATES: RecorderState[] = [0, 1, 2, 3, 4, 5, 6];
const ACTIONS: RecorderAction[] = [
  "start",
  "pause",
  "resume",
  "stop",
  "play",
  "pausePlay",
  "resumePlay",
  "endPlay",
  "rerecord",
  "send",
  "reset",
];

/** The allowed moves, as "action from" → to. Anything missing must be refused. */
const ALLOWED: Record<string, RecorderState> = {
  "start 0": 1,
  "pause 1": 2,
  "resume 2": 1,
  "stop 1": 3,
  "stop 2": 3,
  "play 3": 4,
  "play 6": 4,
  "pausePlay 4": 5,
  "resumePlay 5": 4,
  "endPlay 4": 6,
  "rerecord 3": 0,
  "rerecord 5": 0,
  "rerecord 6": 0,
  "send 3": 0,
  "send 5": 0,
  "send 6": 0,
  "reset 0": 0,
  "reset 1": 0,
  "reset 2": 0,
  "reset 3": 0,
  "reset 4": 0,
  "reset 5": 0,
  "reset 6": 0,
};

describe("the voice recorder's states", () => {
  it("numbers them as SPEC §4 does", () => {
    expect(RecorderStates).toEqual({
      idle: 0,
      recording: 1,
      paused: 2,
      stopped: 3,
      playing: 4,
      playPaused: 5,
      playEnded: 6,
    });
  });

  const cases = STATES.flatMap((from) =>
    ACTIONS.map((action) => ({ from, action, key: `${action} ${from}` })),
  );

  it.each(cases.filter((c) => c.key in ALLOWED))(
    "$action from $from moves as the table says",
    ({ from, action, key }) => {
      expect(nextRecorderState(from, action)).toBe(ALLOWED[key]);
    },
  );

  it.each(cases.filter((c) => !(c.key in ALLOWED)))(
    "$action from $from is refused: the state stays",
    ({ from, action }) => {
      expect(nextRecorderState(from, action)).toBe(from);
    },
  );

  it("walks a whole session: record, pause, resume, stop, play, pause, resume, end, re-record", () => {
    const path: RecorderAction[] = [
      "start",
      "pause",
      "resume",
      "stop",
      "play",
      "pausePlay",
      "resumePlay",
      "endPlay",
      "play",
      "endPlay",
      "rerecord",
      "start",
    ];
    const seen = path.reduce<RecorderState[]>(
      (states, action) => [
        ...states,
        nextRecorderState(states.at(-1) ?? 0, action),
      ],
      [0],
    );
    expect(seen).toEqual([0, 1, 2, 1, 3, 4, 5, 4, 6, 4, 6, 0, 1]);
  });
});

describe("what each state offers", () => {
  it("allows send and re-record in 3, 5 and 6 only", () => {
    expect(STATES.filter(canSend)).toEqual([3, 5, 6]);
    expect(STATES.filter(canRerecord)).toEqual([3, 5, 6]);
  });

  it("knows a recording (1, 2) from a clip (3 to 6)", () => {
    expect(STATES.filter(isRecording)).toEqual([1, 2]);
    expect(STATES.filter(hasClip)).toEqual([3, 4, 5, 6]);
  });

  it("shows stop only past one second of recording", () => {
    expect(showStop(0)).toBe(false);
    expect(showStop(999)).toBe(false);
    expect(showStop(1000)).toBe(false);
    expect(showStop(1001)).toBe(true);
    expect(showStop(60_000)).toBe(true);
  });
});

describe("the recorder's clock", () => {
  it.each([
    [0, "00:00"],
    [999, "00:00"],
    [1000, "00:01"],
    [59_999, "00:59"],
    [60_000, "01:00"],
    [4_503_000, "75:03"],
    [-5, "00:00"],
  ])("%i ms reads %s", (ms, text) => {
    expect(formatRecorderTime(ms)).toBe(text);
  });
});
