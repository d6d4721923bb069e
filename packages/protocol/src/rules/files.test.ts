import { describe, expect, it } from "vitest";
import { parseCallRequest } from "../http/define.js";
import { uploadFile } from "../http/files.js";
import {
  fileCategory,
  fileExtension,
  formatFileSize,
  MEGABYTE,
  uploadMessageType,
  uploadRefusal,
} from "./files.js";

describe("a stored file's category (SPEC §9)", () => {
  it.each([
    ["image", "png", 2],
    ["audio", "mp3", 3],
    ["video", "mp4", 4],
    ["other", "pdf", 1],
    ["other", "DOCX", 1],
    ["other", "md", 1],
    ["other", "zip", 5],
    // A name that claims a picture but bytes that are not: never an image.
    ["other", "png", 5],
  ] as const)("%s bytes named .%s are category %i", (kind, ext, cate) => {
    expect(fileCategory(kind, ext)).toBe(cate);
  });
});

describe("the message type of an upload (wire-contract.md §2.3)", () => {
  it.each([
    ["image/png", "file", "image"],
    ["image/webp", "image", "file"],
    ["image/svg+xml", "image", "file"],
    ["image/bmp", "image", "file"],
    ["video/mp4", "file", "video"],
    ["audio/wav", "voice", "voice"],
    ["audio/mpeg", "file", "file"],
    ["application/pdf", "image", "file"],
    ["", "image", "file"],
  ])("%j asked as %s is sent as %s", (mime, asked, type) => {
    expect(uploadMessageType(mime, asked)).toBe(type);
  });
});

describe("names and sizes", () => {
  it.each([
    ["report.PDF", "pdf"],
    ["archive.tar.gz", "gz"],
    ["noextension", ""],
    ["dot.", ""],
    ["weird.ex e", ""],
  ])("%j has the extension %j", (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });

  it.each([
    [0, "0B"],
    [1023, "1023B"],
    [1024, "1K"],
    [1536, "1.5K"],
    [10 * 1024 * 1024, "10M"],
    [3.25 * 1024 ** 3, "3.3G"],
  ])("%i bytes show as %s", (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });
});

describe("uploadFile's message field", () => {
  const id = "9b2f3c1e-4a5b-4c6d-8e7f-0a1b2c3d4e5f";
  it("takes the client's message as JSON text", () => {
    const parsed = parseCallRequest(uploadFile, {
      message: JSON.stringify({
        id,
        type: "voice",
        toContactId: "group-12",
        status: "going",
        extends: { duration: 3 },
      }),
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.message).toMatchObject({
      id,
      type: "voice",
      toContactId: "group-12",
      extends: { duration: 3 },
    });
  });

  it.each([
    ["not JSON", "{id:"],
    ["no client id", JSON.stringify({ toContactId: 2 })],
    [
      "a type that is not a file",
      JSON.stringify({ id, toContactId: 2, type: "text" }),
    ],
    ["no addressee", JSON.stringify({ id })],
  ])("refuses %s", (_what, message) => {
    expect(parseCallRequest(uploadFile, { message }).success).toBe(false);
  });
});

describe("whether a file may be sent (SPEC §5 Chat)", () => {
  const rules = { size: "2", fileExt: ["png", "pdf"] };
  it("lets a file of the limit's size with an allowed extension go", () => {
    expect(uploadRefusal("a.PNG", 2 * MEGABYTE, rules)).toBeNull();
    expect(uploadRefusal("报告.pdf", 1, rules)).toBeNull();
  });
  it("refuses one byte over the limit, with the limit", () => {
    expect(uploadRefusal("a.png", 2 * MEGABYTE + 1, rules)).toEqual({
      key: "file.tooLarge",
      size: 2,
    });
  });
  it("refuses an extension not allowed, or none", () => {
    expect(uploadRefusal("a.exe", 10, rules)).toEqual({
      key: "file.typeRefused",
      ext: "exe",
    });
    expect(uploadRefusal("README", 10, rules)).toEqual({
      key: "file.typeRefused",
      ext: "?",
    });
  });
  it("refuses an empty file", () => {
    expect(uploadRefusal("a.png", 0, rules)).toEqual({ key: "file.missing" });
  });
});
