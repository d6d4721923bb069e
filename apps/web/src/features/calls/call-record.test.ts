import { describe, expect, it } from "vitest";
import { iceServersOf } from "./ice-servers";
import { callDuration, callRecordOf } from "./call-record";

const record = (ext: Record<string, unknown>) => ({
  type: "webrtc",
  extends: ext,
});

describe("callDuration (SPEC §9: hours, minutes and seconds)", () => {
  it.each([
    [0, "00:00:00"],
    [65, "00:01:05"],
    [3_600 + 61, "01:01:01"],
    [59.9, "00:00:59"],
    [-3, "00:00:00"],
  ])("%s s reads %s", (seconds, shown) => {
    expect(callDuration(seconds)).toBe(shown);
  });
});

describe("callRecordOf: a call's record as each side reads it", () => {
  it.each([
    [901, true, "calling"],
    [901, false, "ringing"],
    [902, true, "cancelled"],
    [902, false, "missed"],
    [903, true, "declinedByThem"],
    [903, false, "declined"],
    [904, true, "inCall"],
    [906, false, "duration"],
    [907, false, "missed"],
    [905, true, "notConnected"],
  ])("code %s, mine %s: %s", (code, mine, key) => {
    expect(callRecordOf(record({ code, type: 0 }), mine)?.key).toBe(key);
  });

  it("tells busy from not online for the caller, and keeps the kind and time", () => {
    expect(
      callRecordOf(record({ code: 907, reason: "offline" }), true)?.key,
    ).toBe("offline");
    expect(callRecordOf(record({ code: 907, reason: "busy" }), true)?.key).toBe(
      "busy",
    );
    expect(
      callRecordOf(record({ code: 906, callTime: 65, type: 1 }), true),
    ).toEqual({ video: true, key: "duration", seconds: 65 });
  });

  it("is nothing for another type of message", () => {
    expect(callRecordOf({ type: "text", extends: {} }, true)).toBeUndefined();
  });
});

describe("iceServersOf: the STUN/TURN servers of chatInfo", () => {
  it("uses only configured servers, with their credentials", () => {
    expect(iceServersOf({ stun: "", stunUser: "", stunPass: "" })).toEqual([]);
    expect(
      iceServersOf({
        stun: "turn:turn.example.org:3478, stun:stun.example.org",
        stunUser: "u",
        stunPass: "p",
      }),
    ).toEqual([
      {
        urls: ["turn:turn.example.org:3478", "stun:stun.example.org"],
        username: "u",
        credential: "p",
      },
    ]);
  });

  it("ignores what is not a STUN or TURN address", () => {
    expect(
      iceServersOf({
        stun: "http://evil.example, javascript:alert(1)",
        stunUser: "",
        stunPass: "",
      }),
    ).toEqual([]);
  });
});
