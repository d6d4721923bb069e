import { describe, expect, it } from "vitest";
import { ManualClock } from "./clock.js";
import { MemoryKeys } from "./shared-keys.js";

describe("MemoryKeys", () => {
  it("drops keys that expired without being read again, so one-off keys do not pile up", async () => {
    const clock = new ManualClock(1_000);
    const keys = new MemoryKeys(clock);
    for (let i = 0; i < 1000; i += 1) await keys.claim(`once:${i}`, "1", 5_000);
    expect(keys.held).toBe(1000);
    clock.advance(10_000);
    for (let i = 0; i < 100; i += 1) await keys.set(`live:${i}`, "1", 60_000);
    // The thousand expired keys are gone; the live ones stay, and still answer.
    expect(keys.held).toBe(100);
    expect(await keys.get("live:7")).toBe("1");
    expect(await keys.get("once:7")).toBeNull();
    expect(await keys.claim("once:7", "2", 5_000)).toBe(true);
  });
});
