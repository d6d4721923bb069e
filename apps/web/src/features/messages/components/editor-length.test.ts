import { Limits } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { lengthState } from "./editor-length";

const max = Limits.textMessageMax;

describe("the editor's length counter (issue 15, fault 7)", () => {
  it("stays hidden well below the limit", () => {
    expect(lengthState("hello")).toMatchObject({ visible: false, over: 0 });
    expect(lengthState("a".repeat(Math.floor(max * 0.9) - 1)).visible).toBe(
      false,
    );
  });

  it("shows from 90 % of the limit, and at exactly the limit the text may be sent", () => {
    expect(lengthState("a".repeat(Math.floor(max * 0.9))).visible).toBe(true);
    expect(lengthState("a".repeat(max))).toMatchObject({
      length: max,
      visible: true,
      over: 0,
    });
  });

  it("past the limit says by how much, counting characters not code units", () => {
    expect(lengthState("😀".repeat(max + 3))).toMatchObject({
      length: max + 3,
      over: 3,
    });
  });

  it("counts line breaks as the server does: not at all", () => {
    expect(lengthState(`${"a".repeat(max)}\n\n`).over).toBe(0);
  });
});
