import { MASKED_CONTENT } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { makeMessage } from "../../../../../test/factories";
import { messageBody, threadRootOf } from "./message-body";

/** A translation that shows which key and values it was asked for. */
const t = (key: string, options: Record<string, string>) =>
  `${key}${JSON.stringify(options)}`;

describe("what a message row shows", () => {
  it("reads stored HTML as text, never as markup, and knows a masked message", () => {
    expect(
      messageBody(
        makeMessage(1, 2, {
          content: "&lt;img src=x onerror=alert(1)&gt;<br>ok",
        }),
        t,
      ),
    ).toEqual({
      kind: "text",
      text: "<img src=x onerror=alert(1)>\nok",
      masked: false,
    });
    expect(
      messageBody(makeMessage(1, 2, { content: MASKED_CONTENT }), t),
    ).toMatchObject({ kind: "text", masked: true });
  });

  it("draws a picture from its preview, a sticker from its address", () => {
    expect(
      messageBody(
        makeMessage(1, 2, {
          type: "image",
          content: "/files/3",
          preview: "/files/3?v=2",
        }),
        t,
      ),
    ).toEqual({
      kind: "picture",
      url: "/files/3?v=2",
      thumb: "/files/3?v=2&thumb=1",
      name: "",
    });
    expect(
      messageBody(
        makeMessage(1, 2, { type: "emoji", content: "/static/s.gif" }),
        t,
      ),
    ).toMatchObject({ kind: "picture", thumb: "/static/s.gif?thumb=1" });
  });

  it("names a file by its name, else the end of its address; a clip by neither", () => {
    expect(
      messageBody(
        makeMessage(1, 2, { type: "voice", content: "/files/9", fileSize: 10 }),
        t,
      ),
    ).toEqual({
      kind: "attachment",
      type: "voice",
      name: "",
      size: 10,
      download: "/files/9",
    });
    expect(
      messageBody(makeMessage(1, 2, { type: "file", content: "/files/9" }), t),
    ).toMatchObject({ kind: "attachment", name: "9" });
  });

  it("puts a group line in the reader's words, and marks a type it does not know", () => {
    expect(
      messageBody(
        makeMessage(1, 2, {
          type: "event",
          content: "Ann 创建了群聊",
          extends: { event: "created", actor: "Ann" },
        }),
        t,
      ),
    ).toEqual({
      kind: "line",
      text: 'messages:events.created{"actor":"Ann","displayName":"","name":"","names":""}',
    });
    expect(
      messageBody(makeMessage(1, 2, { type: "poll", content: "?" }), t),
    ).toEqual({ kind: "unsupported" });
  });

  it("names the root of a reply in a thread from the quote it carries, as text", () => {
    expect(threadRootOf(makeMessage(1, 2))).toBeNull();
    const reply = makeMessage(2, 2, {
      thread_id: "root-id",
      extends: {
        quote: {
          msg_id: 1,
          realname: "Ann",
          content: "<b>Plan</b> &lt;Friday&gt;",
        },
      },
    });
    expect(threadRootOf(reply)).toEqual({ name: "Ann", text: "Plan <Friday>" });
    // A reply whose quote is gone still says it is one.
    expect(threadRootOf({ ...reply, extends: {} })).toEqual({
      name: "",
      text: "",
    });
  });
});
