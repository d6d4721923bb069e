import { describe, expect, it } from "vitest";
import {
  createDownsampler,
  encodeWav,
  VOICE_SAMPLE_RATE,
  WAV_HEADER_BYTES,
  wavBytes,
  wavDurationSeconds,
} from "./wav";

/*
 * The voice clip's file: a header any player reads (RIFF/WAVE, PCM, mono, 16-bit) with the
 * right sizes and rates, samples scaled and clamped, and the 16 kHz downsampling that keeps
 * minutes of voice small.
 */
const ascii = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(
    ...Array.from({ length }, (_, i) => view.getUint8(offset + i)),
  );

const samplesOf = (buffer: ArrayBuffer): number[] => {
  const view = new DataView(buffer);
  return Array.from({ length: (buffer.byteLength - 44) / 2 }, (_, i) =>
    view.getInt16(44 + i * 2, true),
  );
};

describe("wavBytes", () => {
  it("writes a canonical 16-bit PCM mono header", () => {
    const buffer = wavBytes(
      [new Float32Array(3), new Float32Array(2)],
      VOICE_SAMPLE_RATE,
    );
    const view = new DataView(buffer);
    expect(buffer.byteLength).toBe(44 + 5 * 2);
    expect(ascii(view, 0, 4)).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(36 + 10);
    expect(ascii(view, 8, 4)).toBe("WAVE");
    expect(ascii(view, 12, 4)).toBe("fmt ");
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe("data");
    expect(view.getUint32(40, true)).toBe(10);
  });

  it("states the rate it was given", () => {
    const view = new DataView(wavBytes([new Float32Array(1)], 44_100));
    expect(view.getUint32(24, true)).toBe(44_100);
    expect(view.getUint32(28, true)).toBe(88_200);
  });

  it("scales samples to the full 16-bit range, chunks in order", () => {
    const buffer = wavBytes(
      [Float32Array.of(0, 1, -1), Float32Array.of(0.5, -0.5)],
      8000,
    );
    expect(samplesOf(buffer)).toEqual([0, 32767, -32768, 16384, -16384]);
  });

  it("clamps samples outside [-1, 1] instead of wrapping them", () => {
    const buffer = wavBytes([Float32Array.of(1.5, -3, 1.0001, -1.0001)], 8000);
    expect(samplesOf(buffer)).toEqual([32767, -32768, 32767, -32768]);
  });

  it("makes a header-only file of no input", () => {
    for (const chunks of [[], [new Float32Array(0)]]) {
      const buffer = wavBytes(chunks, VOICE_SAMPLE_RATE);
      const view = new DataView(buffer);
      expect(buffer.byteLength).toBe(WAV_HEADER_BYTES);
      expect(view.getUint32(4, true)).toBe(36);
      expect(view.getUint32(40, true)).toBe(0);
      expect(wavDurationSeconds(buffer.byteLength, VOICE_SAMPLE_RATE)).toBe(0);
    }
  });
});

describe("encodeWav", () => {
  it("gives an audio/wav Blob of the same bytes", () => {
    const blob = encodeWav([new Float32Array(16_000)], VOICE_SAMPLE_RATE);
    expect(blob.type).toBe("audio/wav");
    expect(blob.size).toBe(44 + 32_000);
  });
});

describe("wavDurationSeconds", () => {
  it("reads back a known duration", () => {
    const chunks = Array.from(
      { length: 10 },
      () => new Float32Array(VOICE_SAMPLE_RATE / 4),
    );
    const blob = encodeWav(chunks, VOICE_SAMPLE_RATE);
    expect(wavDurationSeconds(blob.size, VOICE_SAMPLE_RATE)).toBe(2.5);
  });

  it("is 0 for anything not longer than the header", () => {
    expect(wavDurationSeconds(0, VOICE_SAMPLE_RATE)).toBe(0);
    expect(wavDurationSeconds(44, VOICE_SAMPLE_RATE)).toBe(0);
  });
});

describe("createDownsampler", () => {
  const total = (fromRate: number, toRate: number, sizes: number[]) => {
    const next = createDownsampler(fromRate, toRate);
    return sizes
      .map((size) => next(new Float32Array(size)).length)
      .reduce((a, b) => a + b, 0);
  };

  it("turns a second at 48 kHz or 44.1 kHz into exactly a second at 16 kHz", () => {
    expect(total(48_000, 16_000, [48_000])).toBe(16_000);
    expect(total(44_100, 16_000, [44_100])).toBe(16_000);
  });

  it("keeps the count right across chunk boundaries that split an output sample", () => {
    // 4096-frame chunks, as the capture delivers them: 11 of them and a remainder is 1 s.
    const sizes = [...Array.from({ length: 10 }, () => 4096), 44_100 - 40_960];
    expect(total(44_100, 16_000, sizes)).toBe(16_000);
    expect(total(48_000, 16_000, [1, 1, 1, 2, 1])).toBe(2);
  });

  it("averages the input each output sample covers", () => {
    const next = createDownsampler(48_000, 16_000);
    expect(Array.from(next(Float32Array.of(0.3, 0.6, 0.9, -1, -1)))).toEqual([
      expect.closeTo(0.6, 6),
    ]);
    // The two samples held over join the next chunk's first.
    expect(Array.from(next(Float32Array.of(-1)))).toEqual([-1]);
  });

  it("passes input through, as a copy, when it is already at or below the target", () => {
    const input = Float32Array.of(0.1, 0.2);
    const output = createDownsampler(16_000, 16_000)(input);
    expect(Array.from(output)).toEqual(Array.from(input));
    expect(output).not.toBe(input);
    expect(createDownsampler(8000, 16_000)(input)).toHaveLength(2);
  });

  it("makes a 16 kHz wav of a known length from 48 kHz input", () => {
    const next = createDownsampler(48_000, VOICE_SAMPLE_RATE);
    const chunks = Array.from({ length: 30 }, () =>
      next(new Float32Array(4800)),
    );
    const blob = encodeWav(chunks, VOICE_SAMPLE_RATE);
    expect(blob.size).toBe(44 + 3 * 32_000);
    expect(wavDurationSeconds(blob.size, VOICE_SAMPLE_RATE)).toBe(3);
  });
});
