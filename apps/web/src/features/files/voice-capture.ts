import { createDownsampler, VOICE_SAMPLE_RATE } from "./wav";

/** A live microphone feeding `onSamples`; `rate` is the rate of the samples it hands over. */
export interface Capture {
  rate: number;
  pause: () => void;
  resume: () => void;
  stop: () => void;
}

/** About 85 ms at 48 kHz: few main-thread wake-ups, and enough slack not to drop audio. */
const FRAMES_PER_CHUNK = 4096;

/**
 * Opens the microphone and hands its audio over as mono chunks already brought down to
 * {@link VOICE_SAMPLE_RATE}. A ScriptProcessorNode rather than an AudioWorklet: the server's
 * Content-Security-Policy (script-src 'self') refuses a worklet module from a blob: or
 * data: URL. ScriptProcessorNode is deprecated but present in every browser; a worklet
 * served as its own same-origin file can replace this one function.
 */
/* oxlint-disable typescript/no-deprecated -- ScriptProcessorNode, for the reason above */
export async function startCapture(
  onSamples: (samples: Float32Array, rate: number) => void,
): Promise<Capture> {
  // Made before the first await, inside the click, so autoplay rules let it run.
  const context = new AudioContext();
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    try {
      const source = context.createMediaStreamSource(stream);
      const processor = context.createScriptProcessor(FRAMES_PER_CHUNK, 1, 1);
      const rate = Math.min(VOICE_SAMPLE_RATE, context.sampleRate);
      const downsample = createDownsampler(context.sampleRate, rate);
      // Suspending the context stops the processing; the flag also drops a chunk already on
      // its way when pause is pressed, so nothing is captured while paused.
      let capturing = true;
      processor.onaudioprocess = (event) => {
        if (capturing)
          onSamples(downsample(event.inputBuffer.getChannelData(0)), rate);
      };
      source.connect(processor);
      // A ScriptProcessorNode only runs when connected onward; its output is silence.
      processor.connect(context.destination);
      return {
        rate,
        pause: () => {
          capturing = false;
          void context.suspend().catch(() => undefined);
        },
        resume: () => {
          capturing = true;
          void context.resume().catch(() => undefined);
        },
        stop: () => {
          capturing = false;
          processor.onaudioprocess = null;
          source.disconnect();
          processor.disconnect();
          for (const track of stream.getTracks()) track.stop();
          void context.close().catch(() => undefined);
        },
      };
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error;
    }
  } catch (error) {
    void context.close().catch(() => undefined);
    throw error;
  }
}
/* oxlint-enable typescript/no-deprecated */
