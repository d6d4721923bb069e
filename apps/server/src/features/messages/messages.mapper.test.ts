import { describe, expect, it } from "vitest";
import { wireExtends } from "./messages.mapper.js";

describe("a message's extends on the wire (wire-contract.md §2.9)", () => {
  it("gives a picture its fixMode: 1 wide, 2 tall, 3 small", () => {
    expect(wireExtends("image", { width: 1200, height: 800 })).toEqual({
      width: 1200,
      height: 800,
      fixMode: 1,
    });
    expect(wireExtends("image", { width: 600, height: 900 }).fixMode).toBe(2);
    expect(wireExtends("image", { width: 500, height: 500 }).fixMode).toBe(1);
    expect(wireExtends("image", { width: 200, height: 120 }).fixMode).toBe(3);
    // Not a picture, or no size: nothing added.
    expect(wireExtends("video", { width: 640, height: 360 })).toEqual({
      width: 640,
      height: 360,
    });
    expect(wireExtends("image", {})).toEqual({});
  });

  it("gives a quote also in the contract's flat keys, keeping ours", () => {
    const quote = {
      msg_id: 7,
      content: "hi",
      user_id: 3,
      realname: "Ann",
      type: "text",
    };
    expect(wireExtends("text", { quote })).toEqual({
      quote,
      msg_id: 7,
      content: "hi",
      user_id: 3,
      realname: "Ann",
    });
    expect(wireExtends("text", {})).toEqual({});
  });
});
