import { describe, expect, it } from "vitest";
import { clipLength, fitBox, mediaOf, thumbUrl } from "./media";

const base = {
  type: "text",
  content: "",
  fileName: "",
  fileSize: 0,
  preview: "",
  download: "",
  extends: {},
};

describe("mediaOf: how each message type is drawn (issue 10)", () => {
  it("draws a picture from its address, with its thumbnail and stored size", () => {
    expect(
      mediaOf({
        ...base,
        type: "image",
        content: "/files/7",
        fileName: "cat.png",
        extends: { width: 800, height: 600 },
      }),
    ).toEqual({
      kind: "image",
      url: "/files/7",
      thumb: "/files/7?thumb=1",
      name: "cat.png",
      width: 800,
      height: 600,
      sticker: false,
    });
  });

  it("draws a sticker (emoji type) as a small picture", () => {
    expect(
      mediaOf({ ...base, type: "emoji", content: "/files/2" }),
    ).toMatchObject({ kind: "image", sticker: true, width: 0, height: 0 });
  });

  it("gives a voice clip and a video their length from extends, 0 when unknown or bad", () => {
    expect(
      mediaOf({
        ...base,
        type: "voice",
        content: "/files/3",
        extends: { duration: 12 },
      }),
    ).toEqual({ kind: "voice", url: "/files/3", seconds: 12 });
    expect(
      mediaOf({
        ...base,
        type: "video",
        content: "/files/4",
        fileName: "trip.mp4",
        fileSize: 2048,
        extends: { duration: "NaN" },
      }),
    ).toEqual({
      kind: "video",
      url: "/files/4",
      name: "trip.mp4",
      size: 2048,
      seconds: 0,
    });
  });

  it("draws a file as a card with its name, size, download and preview", () => {
    expect(
      mediaOf({
        ...base,
        type: "file",
        content: "/files/5",
        fileName: "报告.pdf",
        fileSize: 1024,
        download: "/files/5?download=1",
      }),
    ).toEqual({
      kind: "file",
      name: "报告.pdf",
      size: 1024,
      download: "/files/5?download=1",
      preview: "",
    });
  });

  it("names a file without a recorded name by its address, and downloads that address", () => {
    expect(
      mediaOf({ ...base, type: "file", content: "/storage/file/x/a1b2.zip" }),
    ).toMatchObject({ name: "a1b2.zip", download: "/storage/file/x/a1b2.zip" });
  });

  it("leaves text, events, unknown types and file rows without an address as text", () => {
    expect(mediaOf({ ...base, content: "hi" })).toBeNull();
    expect(mediaOf({ ...base, type: "event", content: "x" })).toBeNull();
    expect(mediaOf({ ...base, type: "hologram", content: "x" })).toBeNull();
    expect(mediaOf({ ...base, type: "image", content: "" })).toBeNull();
  });
});

describe("thumbUrl", () => {
  it("asks a stored picture for its small copy, keeping a query", () => {
    expect(thumbUrl("/files/1")).toBe("/files/1?thumb=1");
    expect(thumbUrl("/files/1?v=2")).toBe("/files/1?v=2&thumb=1");
  });
  it("leaves a local picture (before upload) alone", () => {
    expect(thumbUrl("blob:http://x/1")).toBe("blob:http://x/1");
  });
});

describe("fitBox", () => {
  it("keeps the shape within the limit and never enlarges", () => {
    expect(fitBox(800, 400, 240)).toEqual({ width: 240, height: 120 });
    expect(fitBox(400, 800, 240)).toEqual({ width: 120, height: 240 });
    expect(fitBox(100, 50, 240)).toEqual({ width: 100, height: 50 });
  });
  it("keeps a sliver visible and gives an unknown size a 4:3 box", () => {
    expect(fitBox(2000, 10, 240)).toEqual({ width: 240, height: 48 });
    expect(fitBox(0, 0, 240)).toEqual({ width: 240, height: 180 });
  });
});

describe("clipLength", () => {
  it("writes m:ss, and h:mm:ss past an hour", () => {
    expect(clipLength(0)).toBe("0:00");
    expect(clipLength(9.6)).toBe("0:10");
    expect(clipLength(75)).toBe("1:15");
    expect(clipLength(3_725)).toBe("1:02:05");
  });
});
