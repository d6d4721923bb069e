import { Limits } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import {
  historyKey,
  present,
  record,
  redo,
  startHistory,
  undo,
} from "./undo-history";

const at = (text: string) => ({ text, caret: text.length });

describe("the editor's undo history (SPEC §5: 50 steps)", () => {
  it("undoes and redoes whole words, and a new change drops the redo", () => {
    let h = startHistory("");
    for (const text of [
      "h",
      "he",
      "hel",
      "hello",
      "hello ",
      "hello w",
      "hello wo",
    ])
      h = record(h, at(text));
    h = undo(h);
    expect(present(h).text).toBe("hello ");
    h = undo(h);
    expect(present(h).text).toBe("hello");
    h = redo(h);
    expect(present(h).text).toBe("hello ");
    h = record(h, at("hello!"));
    expect(redo(h)).toBe(h);
  });

  it("keeps at most 50 steps back, dropping the oldest", () => {
    let h = startHistory("");
    for (let i = 0; i < 80; i += 1) h = record(h, at("x ".repeat(i)));
    let steps = 0;
    for (;;) {
      const back = undo(h);
      if (back === h) break;
      h = back;
      steps += 1;
    }
    expect(steps).toBe(Limits.editorUndoSteps);
    expect(present(h).text).toBe("x ".repeat(29));
  });

  it("ignores a change that changes nothing and undo with nothing to undo", () => {
    const h = startHistory("a");
    expect(record(h, at("a"))).toBe(h);
    expect(undo(h)).toBe(h);
  });

  it("reads Ctrl/Cmd+Z as undo and Ctrl+Shift+Z or Ctrl+Y as redo", () => {
    const key = (k: string, ctrl = true, shift = false, meta = false) =>
      historyKey({ key: k, ctrlKey: ctrl, metaKey: meta, shiftKey: shift });
    expect(key("z")).toBe("undo");
    expect(key("Z", true, true)).toBe("redo");
    expect(key("y")).toBe("redo");
    expect(key("z", false, false, true)).toBe("undo");
    expect(key("z", false)).toBe(null);
    expect(key("a")).toBe(null);
  });
});
