/**
 * The voice recorder's states (SPEC §4 "Voice recorder"), by the numbers the spec gives them.
 */
export const RecorderStates = {
  idle: 0,
  recording: 1,
  paused: 2,
  stopped: 3,
  playing: 4,
  playPaused: 5,
  playEnded: 6,
} as const;

/** One of the recorder's seven states: 0 idle … 6 play ended. */
export type RecorderState =
  (typeof RecorderStates)[keyof typeof RecorderStates];

/**
 * What can happen to the recorder. The first eight are SPEC §4's table; `rerecord` and `send`
 * leave a finished clip, `reset` drops everything (the dialog closed).
 */
export type RecorderAction =
  | "start"
  | "pause"
  | "resume"
  | "stop"
  | "play"
  | "pausePlay"
  | "resumePlay"
  | "endPlay"
  | "rerecord"
  | "send"
  | "reset";

const { idle, recording, paused, stopped, playing, playPaused, playEnded } =
  RecorderStates;

/** States holding a finished clip that is not playing: re-record and send are allowed there. */
const CLIP_AT_REST: readonly RecorderState[] = [stopped, playPaused, playEnded];

/**
 * For each action, the states it may leave from and the state it leads to. Stop also ends a
 * paused recording; play starts over from the end of a clip (6) as well as from a fresh
 * one (3).
 *
 * Re-record leads back to idle rather than straight into recording: starting means asking
 * for the microphone, which is asynchronous and may fail, and SPEC §4 wants a failure to
 * leave the recorder idle. Entering state 1 only once the microphone is live keeps "state 1"
 * meaning "audio is being captured", and the person chooses when to speak again.
 */
const TRANSITIONS: Record<
  RecorderAction,
  { from: readonly RecorderState[]; to: RecorderState }
> = {
  start: { from: [idle], to: recording },
  pause: { from: [recording], to: paused },
  resume: { from: [paused], to: recording },
  stop: { from: [recording, paused], to: stopped },
  play: { from: [stopped, playEnded], to: playing },
  pausePlay: { from: [playing], to: playPaused },
  resumePlay: { from: [playPaused], to: playing },
  endPlay: { from: [playing], to: playEnded },
  rerecord: { from: CLIP_AT_REST, to: idle },
  send: { from: CLIP_AT_REST, to: idle },
  reset: {
    from: [idle, recording, paused, stopped, playing, playPaused, playEnded],
    to: idle,
  },
};

/**
 * The state after `action`; an action the state does not allow leaves it unchanged (the
 * same value, so a React reducer does not re-render). Usable as a `useReducer` reducer.
 */
export function nextRecorderState(
  state: RecorderState,
  action: RecorderAction,
): RecorderState {
  const { from, to } = TRANSITIONS[action];
  return from.includes(state) ? to : state;
}

/** Whether the clip may be sent now: stopped, play paused or play ended (3, 5, 6). */
export function canSend(state: RecorderState): boolean {
  return CLIP_AT_REST.includes(state);
}

/** Whether the clip may be thrown away to record again: the same states as {@link canSend}. */
export function canRerecord(state: RecorderState): boolean {
  return CLIP_AT_REST.includes(state);
}

/** Below this much recorded time there is nothing worth stopping for (SPEC §4). */
export const STOP_AFTER_MS = 1000;

/** Whether the stop button shows: only once more than one second has been recorded. */
export function showStop(recordedMs: number): boolean {
  return recordedMs > STOP_AFTER_MS;
}

/** Whether a recording is under way, running or paused (1, 2). */
export function isRecording(state: RecorderState): boolean {
  return state === recording || state === paused;
}

/** Whether a finished clip exists, whatever its playback (3 to 6). */
export function hasClip(state: RecorderState): boolean {
  return state >= stopped;
}

/** A length as mm:ss (minutes keep counting past an hour: "75:03"); negatives read as 0. */
export function formatRecorderTime(ms: number): string {
  const whole = Math.max(0, Math.floor(ms / 1000));
  const minutes = String(Math.floor(whole / 60)).padStart(2, "0");
  const seconds = String(whole % 60).padStart(2, "0");
  return `${minutes}:${seconds}`;
}
