import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { VoiceRecorderDialog } from "./VoiceRecorderDialog";

/*
 * The voice recorder as a person uses it, over a fake microphone and audio graph (jsdom has
 * neither): the buttons each SPEC §4 state offers, the recorded-time clock, a wav sent as a
 * File, the microphone off whenever the dialog closes, and a refused microphone only logged.
 */
const TEXTS = {
  title: "Voice message",
  clock: "Recorded time",
  hint: "Tap the button to start recording",
  start: "Start recording",
  recording: "Recording",
  paused: "Paused",
  pause: "Pause",
  resume: "Resume",
  stop: "Stop",
  play: "Play",
  rerecord: "Re-record",
  send: "Send",
};

/** The graph's script processor: a test plays audio into it through `onaudioprocess`. */
class FakeProcessor {
  onaudioprocess:
    | ((event: {
        inputBuffer: { getChannelData: (channel: number) => Float32Array };
      }) => void)
    | null = null;
  connect = vi.fn();
  disconnect = vi.fn();
}

/** An AudioContext at 48 kHz remembering whether it was suspended or closed. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  sampleRate = 48_000;
  destination = {};
  processor = new FakeProcessor();
  source = { connect: vi.fn(), disconnect: vi.fn() };
  state: "running" | "suspended" | "closed" = "running";
  constructor() {
    FakeAudioContext.made.push(this);
  }
  createMediaStreamSource() {
    return this.source;
  }
  createScriptProcessor() {
    return this.processor;
  }
  suspend() {
    this.state = "suspended";
    return Promise.resolve();
  }
  resume() {
    this.state = "running";
    return Promise.resolve();
  }
  close() {
    this.state = "closed";
    return Promise.resolve();
  }
}

let track: { stop: ReturnType<typeof vi.fn> };
let getUserMedia: ReturnType<typeof vi.fn>;
let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;
const createObjectURL = vi.fn(() => "blob:clip");
const revokeObjectURL = vi.fn();

beforeAll(async () => {
  await i18n.changeLanguage("en");
  // The texts this test reads, whatever state the shared locale files are in.
  i18n.addResourceBundle("en", "files", { voice: TEXTS }, true, true);
  stubLayout();
});

beforeEach(() => {
  FakeAudioContext.made = [];
  track = { stop: vi.fn() };
  getUserMedia = vi.fn(() =>
    Promise.resolve({ getTracks: () => [track] } as unknown as MediaStream),
  );
  vi.stubGlobal("AudioContext", FakeAudioContext);
  // jsdom has no navigator.mediaDevices, nor object URLs, nor media playback.
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia },
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  play = vi
    .spyOn(HTMLMediaElement.prototype, "play")
    .mockResolvedValue(undefined);
  pause = vi
    .spyOn(HTMLMediaElement.prototype, "pause")
    .mockReturnValue(undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Reflect.deleteProperty(navigator, "mediaDevices");
});

function renderDialog(open = true) {
  const onClose = vi.fn();
  const onSend = vi.fn<(file: File, seconds: number) => void>();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <VoiceRecorderDialog open={open} onClose={onClose} onSend={onSend} />
    </I18nextProvider>,
  );
  const rerender = (nowOpen: boolean) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <VoiceRecorderDialog open={nowOpen} onClose={onClose} onSend={onSend} />
      </I18nextProvider>,
    );
  return { ...view, rerender, onClose, onSend };
}

/** The live context (the last one made). */
const context = () => {
  const made = FakeAudioContext.made.at(-1);
  if (!made) throw new Error("no AudioContext was made");
  return made;
};

/** Plays `samples` frames of 48 kHz audio into the recorder. */
const speak = (samples: number, value = 0.25) =>
  act(() => {
    context().processor.onaudioprocess?.({
      inputBuffer: {
        getChannelData: () => new Float32Array(samples).fill(value),
      },
    });
  });

const button = (name: string) => screen.getByRole("button", { name });
const clock = () => screen.getByRole("timer", { name: TEXTS.clock });

/** The names of the recorder's buttons on screen, the dialog's close button aside. */
const buttons = () =>
  screen
    .getAllByRole("button")
    .map((b) => b.textContent || b.getAttribute("aria-label"))
    .filter((name) => name !== "Close");

async function startRecording() {
  await userEvent.click(button(TEXTS.start));
  await screen.findByRole("button", { name: TEXTS.pause });
}

describe("the voice recorder", () => {
  it("is idle first: one record button and a clock at 00:00", () => {
    renderDialog();
    expect(
      screen.getByRole("dialog", { name: TEXTS.title }),
    ).toBeInTheDocument();
    expect(buttons()).toEqual([TEXTS.start]);
    expect(clock()).toHaveTextContent("00:00");
    expect(screen.getByText(TEXTS.hint)).toBeInTheDocument();
  });

  it("only logs a refused microphone and stays idle, ready to try again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const refusal = new DOMException("Permission denied", "NotAllowedError");
    getUserMedia.mockRejectedValueOnce(refusal);
    renderDialog();

    await userEvent.click(button(TEXTS.start));

    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.any(String), refusal),
    );
    expect(buttons()).toEqual([TEXTS.start]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(context().state).toBe("closed");

    await startRecording();
    expect(buttons()).toEqual([TEXTS.pause]);
  });

  it("logs a browser without microphone access (no mediaDevices) the same way", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    Reflect.deleteProperty(navigator, "mediaDevices");
    renderDialog();

    await userEvent.click(button(TEXTS.start));

    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(buttons()).toEqual([TEXTS.start]);
  });

  it("records with pause and resume, counting recorded time only, and offers stop past 1 s", async () => {
    renderDialog();
    await startRecording();
    expect(screen.getByText(TEXTS.recording)).toBeInTheDocument();

    speak(48_000);
    expect(clock()).toHaveTextContent("00:01");
    // Exactly 1000 ms recorded: not yet.
    expect(buttons()).toEqual([TEXTS.pause]);

    speak(48);
    expect(buttons()).toEqual([TEXTS.pause, TEXTS.stop]);

    await userEvent.click(button(TEXTS.pause));
    expect(buttons()).toEqual([TEXTS.resume, TEXTS.stop]);
    expect(screen.getByText(TEXTS.paused)).toBeInTheDocument();
    expect(context().state).toBe("suspended");
    // Audio still on its way while paused is not recorded.
    speak(96_000);
    expect(clock()).toHaveTextContent("00:01");

    await userEvent.click(button(TEXTS.resume));
    expect(context().state).toBe("running");
    speak(48_000);
    expect(clock()).toHaveTextContent("00:02");
    expect(track.stop).not.toHaveBeenCalled();
  });

  it("stops into a wav clip, plays it through to the end, and sends it as a File", async () => {
    const { onSend } = renderDialog();
    await startRecording();
    speak(48_000);
    speak(48_000, 2);
    speak(24_000, -0.5);

    await userEvent.click(button(TEXTS.stop));

    // The microphone is off as soon as the recording ends.
    expect(track.stop).toHaveBeenCalled();
    expect(context().state).toBe("closed");
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(clock()).toHaveTextContent("00:00 / 00:03");
    expect(buttons()).toEqual([TEXTS.play, TEXTS.rerecord, TEXTS.send]);
    expect(button(TEXTS.send)).toBeEnabled();

    // 4: playing. Re-record and send wait.
    await userEvent.click(button(TEXTS.play));
    expect(play).toHaveBeenCalledTimes(1);
    expect(buttons()).toEqual([TEXTS.pause, TEXTS.rerecord, TEXTS.send]);
    expect(button(TEXTS.send)).toBeDisabled();
    expect(button(TEXTS.rerecord)).toBeDisabled();

    // 5: play paused.
    await userEvent.click(button(TEXTS.pause));
    expect(pause).toHaveBeenCalled();
    expect(buttons()).toEqual([TEXTS.resume, TEXTS.rerecord, TEXTS.send]);
    expect(button(TEXTS.send)).toBeEnabled();

    // 4 again, then 6: ended.
    await userEvent.click(button(TEXTS.resume));
    expect(button(TEXTS.send)).toBeDisabled();
    const audio = document.querySelector("audio");
    expect(audio).toHaveAttribute("src", "blob:clip");
    if (!audio) return;
    fireEvent.ended(audio);
    expect(buttons()).toEqual([TEXTS.play, TEXTS.rerecord, TEXTS.send]);
    expect(clock()).toHaveTextContent("00:02 / 00:03");
    expect(button(TEXTS.send)).toBeEnabled();

    await userEvent.click(button(TEXTS.send));

    expect(onSend).toHaveBeenCalledTimes(1);
    const [file, seconds] = onSend.mock.calls[0] ?? [];
    expect(file?.name).toMatch(/^voice-\d+\.wav$/);
    expect(file?.type).toBe("audio/wav");
    // 2.5 s of 16 kHz mono 16-bit after the 44-byte header.
    expect(file?.size).toBe(44 + 2.5 * 32_000);
    expect(seconds).toBe(2.5);
    const view = new DataView(await readBytes(file));
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getInt16(44, true)).toBe(Math.round(0.25 * 0x7fff));
    expect(view.getInt16(44 + 16_000 * 2, true)).toBe(0x7fff);
    expect(view.getInt16(44 + 32_000 * 2, true)).toBe(-0x4000);

    // Back to idle, the clip's URL let go.
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:clip");
    expect(buttons()).toEqual([TEXTS.start]);
    expect(clock()).toHaveTextContent("00:00");
  });

  it("re-records: the clip is dropped and the recorder is idle again", async () => {
    renderDialog();
    await startRecording();
    speak(60_000);
    await userEvent.click(button(TEXTS.stop));

    await userEvent.click(button(TEXTS.rerecord));

    expect(revokeObjectURL).toHaveBeenCalledWith("blob:clip");
    expect(buttons()).toEqual([TEXTS.start]);
    expect(clock()).toHaveTextContent("00:00");
    expect(document.querySelector("audio")).toBeNull();
    await startRecording();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it("turns the microphone off when the dialog closes mid-recording", async () => {
    const { rerender, onClose } = renderDialog();
    await startRecording();
    speak(48_000);

    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
    rerender(false);

    expect(track.stop).toHaveBeenCalled();
    expect(context().state).toBe("closed");
  });

  it("turns the microphone off when unmounted", async () => {
    const { unmount } = renderDialog();
    await startRecording();

    unmount();

    expect(track.stop).toHaveBeenCalled();
    expect(context().state).toBe("closed");
  });

  it("lets go of a microphone that arrives after the dialog closed", async () => {
    let grant: (stream: MediaStream) => void = () => undefined;
    getUserMedia.mockReturnValueOnce(
      new Promise<MediaStream>((resolve) => {
        grant = resolve;
      }),
    );
    const { rerender } = renderDialog();
    await userEvent.click(button(TEXTS.start));
    rerender(false);

    await act(async () => {
      grant({ getTracks: () => [track] } as unknown as MediaStream);
      await Promise.resolve();
    });

    expect(track.stop).toHaveBeenCalled();
    expect(context().state).toBe("closed");
  });
});

/** A File's bytes: jsdom's Blob has no arrayBuffer(), FileReader it has. */
function readBytes(file: File | undefined): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    if (!file) {
      reject(new Error("no file"));
      return;
    }
    const reader = new FileReader();
    // readAsArrayBuffer's result is an ArrayBuffer; the type covers every read method.
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new Error("unreadable"));
    reader.readAsArrayBuffer(file);
  });
}
