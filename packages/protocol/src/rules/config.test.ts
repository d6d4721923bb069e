import { describe, expect, it } from "vitest";
import {
  ChatInfoPatchSchema,
  FileUploadPatchSchema,
  SysInfoPatchSchema,
} from "./config.js";

describe("config sections", () => {
  it("accept the strings the console posts, in part", () => {
    expect(SysInfoPatchSchema.parse({ runMode: "2", state: "0" })).toEqual({
      runMode: "2",
      state: "0",
    });
    expect(ChatInfoPatchSchema.parse({ redoTime: "0120" })).toEqual({
      redoTime: "120",
    });
    expect(ChatInfoPatchSchema.parse({ redoTime: 60 })).toEqual({
      redoTime: "60",
    });
    expect(
      FileUploadPatchSchema.parse({ fileExt: ["PDF", "pdf", "docx"] }),
    ).toEqual({ fileExt: ["pdf", "docx"] });
  });

  it.each([
    [SysInfoPatchSchema, { runMode: "0" }],
    [SysInfoPatchSchema, { regauth: "4" }],
    [SysInfoPatchSchema, { logo: "//evil.example/x.png" }],
    [SysInfoPatchSchema, { logo: "data:image/png;base64,xx" }],
    [SysInfoPatchSchema, { closeTips: "x".repeat(201) }],
    [SysInfoPatchSchema, { extra: "1" }],
    [ChatInfoPatchSchema, { groupUserMax: "100001" }],
    [ChatInfoPatchSchema, { sendInterval: "1.5" }],
    [ChatInfoPatchSchema, { stun: "stun:bad host" }],
    [FileUploadPatchSchema, { size: "2049" }],
    [FileUploadPatchSchema, { fileExt: [] }],
    [FileUploadPatchSchema, { fileExt: ["a.b"] }],
  ])("refuses %#", (schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it("take the old admin page's settings this product lacks, and its retention switch", () => {
    expect(
      SysInfoPatchSchema.parse({ registerInterval: "600", runMode: "1" }),
    ).toEqual({ registerInterval: "600", runMode: "1" });
    expect(
      ChatInfoPatchSchema.parse({
        msgClear: "0",
        autoAddUser: { status: "0", welcome: "Hi" },
        autoAddGroup: { status: "0", name: "" },
      }),
    ).toMatchObject({ msgClear: "0" });
    expect(ChatInfoPatchSchema.safeParse({ msgClear: "2" }).success).toBe(
      false,
    );
    expect(ChatInfoPatchSchema.safeParse({ msgClear: ["1"] }).success).toBe(
      false,
    );
  });

  it("takes a STUN or TURN address, a site path or an http(s) logo", () => {
    expect(
      ChatInfoPatchSchema.safeParse({ stun: "turn:turn.example.com:3478" })
        .success,
    ).toBe(true);
    expect(
      SysInfoPatchSchema.safeParse({ logo: "/storage/logo/a.png" }).success,
    ).toBe(true);
    expect(
      SysInfoPatchSchema.safeParse({ logo: "https://cdn.example.com/l.png" })
        .success,
    ).toBe(true);
  });
});
