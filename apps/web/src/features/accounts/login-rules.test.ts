import { describe, expect, it } from "vitest";
import { loginErrors } from "./login-rules";

describe("the login form rules (SPEC §5 Login)", () => {
  it("needs the account and, in password mode, the password", () => {
    expect(
      loginErrors({ account: "", password: "", code: "" }, "password"),
    ).toEqual({
      account: "validation.accountRequired",
      password: "validation.passwordRequired",
    });
    expect(
      loginErrors({ account: "  ", password: "x", code: "" }, "password"),
    ).toEqual({
      account: "validation.accountRequired",
    });
    expect(
      loginErrors({ account: "alice", password: "x", code: "" }, "password"),
    ).toEqual({});
  });

  it("needs the code in code mode, at most 6 characters, and not the password", () => {
    expect(
      loginErrors({ account: "alice", password: "", code: "" }, "code"),
    ).toEqual({
      code: "validation.codeRequired",
    });
    expect(
      loginErrors({ account: "alice", password: "", code: "123456" }, "code"),
    ).toEqual({});
    expect(
      loginErrors({ account: "alice", password: "", code: "1234567" }, "code"),
    ).toEqual({
      code: "validation.codeLength",
    });
  });
});
