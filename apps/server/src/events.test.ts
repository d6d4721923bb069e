import { describe, expect, it } from "vitest";
import { Emitter } from "./events.js";

interface Sample {
  said: { word: string };
  closed: undefined;
}

describe("a feature's events", () => {
  it("runs the listeners of an event in the order they were added, each awaited", async () => {
    const events = new Emitter<Sample>();
    const heard: string[] = [];
    events.on("said", async ({ word }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`first ${word}`);
    });
    events.on("said", ({ word }) => {
      heard.push(`second ${word}`);
    });
    events.on("closed", () => {
      heard.push("closed");
    });
    await events.emit("said", { word: "hello" });
    expect(heard).toEqual(["first hello", "second hello"]);
    await events.emit("closed");
    expect(heard).toEqual(["first hello", "second hello", "closed"]);
  });

  it("does nothing for an event nobody listens to", async () => {
    await expect(new Emitter<Sample>().emit("closed")).resolves.toBeUndefined();
  });

  it("hands a listener's error to the emitter, and runs no listener after it", async () => {
    const events = new Emitter<Sample>();
    const heard: string[] = [];
    events.on("closed", () => {
      throw new Error("refused");
    });
    events.on("closed", () => {
      heard.push("after");
    });
    await expect(events.emit("closed")).rejects.toThrow("refused");
    expect(heard).toEqual([]);
  });
});
