import { DEFAULT_GROUP_SETTING } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { speakBlock } from "./group-speak";

const now = 1_000_000;
const open = DEFAULT_GROUP_SETTING;

describe("who may speak in a group (SPEC §5 Chat)", () => {
  it("lets everyone speak when nobody is muted and nospeak is off", () => {
    expect(speakBlock({ role: 3, mutedUntil: 0 }, open, now)).toBe(null);
  });

  it("blocks a muted member until the mute ends, never the owner", () => {
    expect(speakBlock({ role: 3, mutedUntil: now + 1 }, open, now)).toEqual({
      kind: "muted",
      until: now + 1,
    });
    expect(speakBlock({ role: 3, mutedUntil: now }, open, now)).toBe(null);
    expect(speakBlock({ role: 1, mutedUntil: now + 1 }, open, now)).toBe(null);
  });

  it("lets managers speak under nospeak 1 and only the owner under nospeak 2", () => {
    const one = { ...open, nospeak: "1" as const };
    const two = { ...open, nospeak: "2" as const };
    expect(speakBlock({ role: 2, mutedUntil: 0 }, one, now)).toBe(null);
    expect(speakBlock({ role: 3, mutedUntil: 0 }, one, now)).toEqual({
      kind: "nospeak",
      level: "1",
    });
    expect(speakBlock({ role: 2, mutedUntil: 0 }, two, now)).toEqual({
      kind: "nospeak",
      level: "2",
    });
    expect(speakBlock({ role: 1, mutedUntil: 0 }, two, now)).toBe(null);
  });
});
