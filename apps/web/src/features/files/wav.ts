/** A canonical PCM WAV header: RIFF (12 bytes), `fmt ` (24), `data` header (8). */
export const WAV_HEADER_BYTES = 44;

const BYTES_PER_SAMPLE = 2;

/**
 * The rate voice clips are stored at. Speech needs little above 7 kHz, and 16 kHz mono 16-bit
 * is 32 KB a second, a third of a 48 kHz clip: minutes of voice stay a few MB.
 */
export const VOICE_SAMPLE_RATE = 16_000;

/**
 * The bytes of a 16-bit PCM mono RIFF/WAVE file holding `chunks` one after another, sampled
 * at `sampleRate` Hz. Samples outside [-1, 1] are clamped, so a loud input clips instead of
 * wrapping around.
 */
export function wavBytes(
  chunks: readonly Float32Array[],
  sampleRate: number,
): ArrayBuffer {
  const samples = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const dataBytes = samples * BYTES_PER_SAMPLE;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1)
      view.setUint8(offset + i, text.charCodeAt(i));
  };

  ascii(0, "RIFF");
  view.setUint32(4, WAV_HEADER_BYTES - 8 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // format 1: integer PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * BYTES_PER_SAMPLE, true); // byte rate
  view.setUint16(32, BYTES_PER_SAMPLE, true); // block align
  view.setUint16(34, 8 * BYTES_PER_SAMPLE, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);

  let offset = WAV_HEADER_BYTES;
  for (const chunk of chunks) {
    for (const sample of chunk) {
      const clamped = Math.max(-1, Math.min(1, sample));
      // Asymmetric scale: -1 reaches -32768 and 1 reaches 32767, the full 16-bit range.
      view.setInt16(
        offset,
        Math.round(clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff),
        true,
      );
      offset += BYTES_PER_SAMPLE;
    }
  }
  return buffer;
}

/** {@link wavBytes} as an `audio/wav` Blob, ready for an object URL or an upload. */
export function encodeWav(
  chunks: readonly Float32Array[],
  sampleRate: number,
): Blob {
  return new Blob([wavBytes(chunks, sampleRate)], { type: "audio/wav" });
}

/** The length in seconds of a file {@link wavBytes} made, from its size and rate. */
export function wavDurationSeconds(
  byteLength: number,
  sampleRate: number,
): number {
  const dataBytes = Math.max(0, byteLength - WAV_HEADER_BYTES);
  return dataBytes / BYTES_PER_SAMPLE / sampleRate;
}

/**
 * A streaming downsampler from `fromRate` to `toRate`: each call takes the next chunk of
 * input and returns the output samples it completes, carrying the part of an output sample
 * that straddles two chunks over to the next call. Each output sample is the mean of the
 * input samples it covers, a box filter: a cheap low-pass that keeps speech clear and most
 * aliasing out. N input samples give floor(N × toRate / fromRate) output samples in all.
 * When `toRate` is not below `fromRate` the input is passed through (copied), unchanged.
 */
export function createDownsampler(
  fromRate: number,
  toRate: number,
): (chunk: Float32Array) => Float32Array {
  if (toRate >= fromRate) return (chunk) => chunk.slice();
  let consumed = 0;
  let produced = 0;
  let sum = 0;
  let count = 0;
  return (chunk) => {
    const out = new Float32Array(
      Math.ceil((chunk.length * toRate) / fromRate) + 1,
    );
    let written = 0;
    for (const sample of chunk) {
      sum += sample;
      count += 1;
      consumed += 1;
      // Integer comparison: a fractional ratio (44.1 kHz → 16 kHz) would drift in floats.
      if (consumed * toRate >= (produced + 1) * fromRate) {
        out[written] = sum / count;
        written += 1;
        produced += 1;
        sum = 0;
        count = 0;
      }
    }
    return out.slice(0, written);
  };
}
