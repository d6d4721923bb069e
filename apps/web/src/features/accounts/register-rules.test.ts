import { describe, expect, it } from "vitest";
import {
  normaliseAccount,
  registerErrors,
  type RegisterValues,
} from "./register-rules";

const good: RegisterValues = {
  account: "alice01",
  realname: "Alice",
  code: "",
  password: "secret1",
  repassword: "secret1",
};

describe("the register form rules (SPEC §5 Register)", () => {
  it("accepts a valid form", () => {
    expect(registerErrors(good, 0)).toEqual({});
  });

  it("strips Chinese characters from the account as typed", () => {
    expect(normaliseAccount("ali中文ce")).toBe("alice");
  });

  it.each([
    ["abc", "register.accountLength"],
    ["a".repeat(33), "register.accountLength"],
    ["", "register.accountPlain"],
  ])("refuses the account %j with %s", (account, key) => {
    expect(registerErrors({ ...good, account }, 0).account).toEqual({ key });
  });

  it("accepts accounts of 4 and 32 characters", () => {
    expect(
      registerErrors({ ...good, account: "abcd" }, 0).account,
    ).toBeUndefined();
    expect(
      registerErrors({ ...good, account: "a".repeat(32) }, 0).account,
    ).toBeUndefined();
  });

  it("asks for the account kind regauth demands, and a code", () => {
    expect(registerErrors(good, 1)).toMatchObject({
      account: { key: "register.accountPhone" },
      code: { key: "register.codeRequired" },
    });
    expect(
      registerErrors({ ...good, account: "13800000000", code: "123456" }, 1),
    ).toEqual({});
    expect(
      registerErrors({ ...good, account: "a@example.com", code: "123456" }, 2),
    ).toEqual({});
    expect(registerErrors({ ...good, code: "123456" }, 3).account).toEqual({
      key: "register.accountPhoneOrEmail",
    });
  });

  it.each([
    ["realname", "A", "register.realnameLength"],
    ["realname", "A".repeat(17), "register.realnameLength"],
    ["password", "12345", "register.passwordLength"],
    ["password", "1".repeat(17), "register.passwordLength"],
  ] as const)("refuses %s %j", (field, value, key) => {
    const values = {
      ...good,
      [field]: value,
      repassword: field === "password" ? value : good.repassword,
    };
    expect(registerErrors(values, 0)[field]).toEqual({ key });
  });

  it("needs the two passwords to match", () => {
    expect(registerErrors({ ...good, repassword: "secret2" }, 0)).toEqual({
      repassword: { authKey: "validation.passwordMismatch" },
    });
  });
});
