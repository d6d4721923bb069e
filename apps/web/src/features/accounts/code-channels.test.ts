import { describe, expect, it } from "vitest";
import { type CodeAccounts, canSendCodes } from "./code-channels";

const mailOnly = { codeByEmail: true, codeBySms: false };
const nothing = { codeByEmail: false, codeBySms: false };
const smsOnly = { codeByEmail: false, codeBySms: true };

describe("canSendCodes (issue 15, fault 8)", () => {
  it.each<[typeof mailOnly, CodeAccounts, boolean]>([
    [mailOnly, "any", true],
    [mailOnly, 2, true],
    [mailOnly, 3, true],
    [mailOnly, 1, false],
    [nothing, "any", false],
    [nothing, 2, false],
    [nothing, 3, false],
    [smsOnly, 1, true],
    [smsOnly, 2, false],
    [nothing, 0, true],
  ])("with %j for accounts %j answers %j", (config, accounts, expected) => {
    expect(canSendCodes(config, accounts)).toBe(expected);
  });

  it("says nothing before the config is known", () => {
    expect(canSendCodes(undefined, "any")).toBe(true);
  });
});
