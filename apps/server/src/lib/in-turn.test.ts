import { describe, expect, it } from "vitest";
import { InTurn } from "./in-turn.js";

const later = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("InTurn", () => {
  it("runs one key's work one piece at a time, in the order asked, past failures", async () => {
    const turns = new InTurn();
    const log: string[] = [];
    const piece = (name: string, ms: number, fail = false) =>
      turns.run("a", async () => {
        log.push(`start ${name}`);
        await later(ms);
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([
      piece("1", 30),
      piece("2", 1, true),
      piece("3", 10),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(log).toEqual([
      "start 1",
      "end 1",
      "start 2",
      "end 2",
      "start 3",
      "end 3",
    ]);
    await later(0);
    expect(turns.busyKeys).toBe(0);
  });

  it("lets different keys run side by side", async () => {
    const turns = new InTurn();
    const log: string[] = [];
    await Promise.all(
      ["a", "b"].map((key) =>
        turns.run(key, async () => {
          log.push(`start ${key}`);
          await later(10);
          log.push(`end ${key}`);
        }),
      ),
    );
    expect(log).toEqual(["start a", "start b", "end a", "end b"]);
  });
});
