import { describe, expect, it } from "vitest";
import {
  changedFields,
  FILE_EXT_COUNT,
  fieldAccepted,
  NUMBER_BOUNDS,
  TEXT_MAX,
} from "./config-rules";

/*
 * The figures the settings forms put into words are the protocol's: each bound is
 * accepted and one past it refused by the schema setConfig applies.
 */
const SECTION_OF = {
  redoTime: "chatInfo",
  editTime: "chatInfo",
  groupUserMax: "chatInfo",
  sendInterval: "chatInfo",
  msgClearDay: "chatInfo",
  size: "fileUpload",
  name: "sysInfo",
  description: "sysInfo",
  closeTips: "sysInfo",
  logo: "sysInfo",
  preview: "fileUpload",
  stun: "chatInfo",
  stunUser: "chatInfo",
  stunPass: "chatInfo",
  port: "smtp",
  host: "smtp",
  user: "smtp",
  pass: "smtp",
  addr: "smtp",
  sign: "smtp",
  endpoint: "storage",
  accessKey: "storage",
  secretKey: "storage",
  url: "sms",
  body: "sms",
  authHeader: "sms",
  oidcClientId: "signin",
  oidcSecret: "signin",
  oidcName: "signin",
  ldapBindDn: "signin",
  ldapBindPassword: "signin",
  ldapBaseDn: "signin",
} as const;

describe("the settings forms' figures", () => {
  it.each(Object.entries(NUMBER_BOUNDS))(
    "%s: its bounds are the schema's",
    (field, { min, max }) => {
      const section = SECTION_OF[field as keyof typeof NUMBER_BOUNDS];
      expect(fieldAccepted(section, field, String(min))).toBe(true);
      expect(fieldAccepted(section, field, String(max))).toBe(true);
      expect(fieldAccepted(section, field, String(max + 1))).toBe(false);
      if (min > 0)
        expect(fieldAccepted(section, field, String(min - 1))).toBe(false);
      expect(fieldAccepted(section, field, "1.5")).toBe(false);
    },
  );

  it.each(Object.entries(TEXT_MAX))(
    "%s: holds exactly its most characters",
    (field, max) => {
      const section = SECTION_OF[field as keyof typeof TEXT_MAX];
      const fill =
        field === "logo" || field === "preview"
          ? (n: number) => `/${"a".repeat(n - 1)}`
          : field === "stun"
            ? (n: number) => `stun:${"a".repeat(n - 5)}`
            : field === "addr"
              ? (n: number) => `${"a".repeat(n - 6)}@b.com`
              : field === "endpoint" || field === "url"
                ? (n: number) => `https://${"a".repeat(n - 8)}`
                : (n: number) => "a".repeat(n);
      expect(fieldAccepted(section, field, fill(max))).toBe(true);
      expect(fieldAccepted(section, field, fill(max + 1))).toBe(false);
    },
  );

  it("holds between 1 and 200 file extensions", () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `e${i}`);
    expect(fieldAccepted("fileUpload", "fileExt", list(0))).toBe(false);
    expect(
      fieldAccepted("fileUpload", "fileExt", list(FILE_EXT_COUNT.min)),
    ).toBe(true);
    expect(
      fieldAccepted("fileUpload", "fileExt", list(FILE_EXT_COUNT.max)),
    ).toBe(true);
    expect(
      fieldAccepted("fileUpload", "fileExt", list(FILE_EXT_COUNT.max + 1)),
    ).toBe(false);
  });
});

describe("changedFields", () => {
  it("keeps only what differs from the stored section, trimmed", () => {
    expect(
      changedFields(
        { name: "Parley", description: "", fileExt: ["png", "jpg"] },
        {
          name: " Parley ",
          description: "Team chat ",
          fileExt: ["png", "jpg"],
          logo: undefined,
        },
      ),
    ).toEqual({ description: "Team chat" });
    expect(
      changedFields({ fileExt: ["png"] }, { fileExt: ["png", "pdf"] }),
    ).toEqual({ fileExt: ["png", "pdf"] });
  });
});
