import { describe, expect, it } from "vitest";
import {
  accountErrors,
  avatarProblem,
  passwordErrors,
  profileErrors,
} from "./settings-rules";

const profile = { realname: "Alice", email: "", sex: 2, motto: "" };

describe("profileErrors (SPEC §5 Settings)", () => {
  it("accepts a nickname of 2 to 16 characters, CJK counted as one each", () => {
    expect(profileErrors({ ...profile, realname: "Al" })).toEqual({});
    expect(profileErrors({ ...profile, realname: "a".repeat(16) })).toEqual({});
    expect(profileErrors({ ...profile, realname: "长".repeat(16) })).toEqual(
      {},
    );
  });

  it("refuses a nickname of 1 or 17 characters, and one of spaces", () => {
    for (const realname of ["A", "a".repeat(17), "长".repeat(17), "   "])
      expect(profileErrors({ ...profile, realname }).realname).toEqual({
        key: "register.realnameLength",
      });
  });

  it("takes no email, or a valid one of at most 120 characters", () => {
    expect(profileErrors({ ...profile, email: "a@b.co" })).toEqual({});
    const long = `${"a".repeat(60)}@${"b".repeat(55)}.com`;
    expect(long).toHaveLength(120);
    expect(profileErrors({ ...profile, email: long })).toEqual({});
    expect(profileErrors({ ...profile, email: `a${long}` }).email).toEqual({
      own: "rules.emailInvalid",
    });
    expect(profileErrors({ ...profile, email: "not-an-email" }).email).toEqual({
      own: "rules.emailInvalid",
    });
  });

  it("takes a motto of 100 characters, not 101", () => {
    expect(profileErrors({ ...profile, motto: "m".repeat(100) })).toEqual({});
    expect(profileErrors({ ...profile, motto: "m".repeat(101) }).motto).toEqual(
      { own: "rules.mottoLength" },
    );
  });

  it("knows sex 0, 1 and 2 only", () => {
    for (const sex of [0, 1, 2])
      expect(profileErrors({ ...profile, sex })).toEqual({});
    expect(profileErrors({ ...profile, sex: 3 }).sex).toEqual({
      own: "rules.sexInvalid",
    });
  });

  it("reports every field's problem at once", () => {
    expect(
      Object.keys(
        profileErrors({
          realname: "",
          email: "x",
          sex: 9,
          motto: "m".repeat(101),
        }),
      ).sort(),
    ).toEqual(["email", "motto", "realname", "sex"]);
  });
});

const password = {
  originalPassword: "old-pass",
  password: "secret12",
  repassword: "secret12",
  code: "",
};

describe("passwordErrors", () => {
  it("needs the current password of an unverified account, no code", () => {
    expect(passwordErrors(password, false)).toEqual({});
    expect(
      passwordErrors({ ...password, originalPassword: "" }, false),
    ).toEqual({ originalPassword: { own: "rules.oldPasswordRequired" } });
  });

  it("needs the current password and a 6-digit code of a verified account", () => {
    expect(passwordErrors(password, true)).toEqual({
      code: { own: "rules.codeRequired" },
    });
    expect(passwordErrors({ ...password, code: "12345" }, true)).toEqual({
      code: { key: "login.codeFormat" },
    });
    expect(passwordErrors({ ...password, code: "123456" }, true)).toEqual({});
    expect(
      passwordErrors(
        { ...password, originalPassword: "", code: "123456" },
        true,
      ),
    ).toEqual({ originalPassword: { own: "rules.oldPasswordRequired" } });
  });

  it("needs neither just after a login by code (a forgotten password)", () => {
    const bare = { ...password, originalPassword: "", code: "" };
    expect(passwordErrors(bare, true, true)).toEqual({});
    expect(passwordErrors(bare, false, true)).toEqual({});
  });

  it("takes a new password of 6 to 16 characters", () => {
    for (const next of ["123456", "a".repeat(16)])
      expect(
        passwordErrors(
          { ...password, password: next, repassword: next },
          false,
        ),
      ).toEqual({});
    for (const next of ["12345", "a".repeat(17)])
      expect(
        passwordErrors({ ...password, password: next, repassword: next }, false)
          .password,
      ).toEqual({ key: "register.passwordLength" });
  });

  it("says the two passwords are inconsistent when the repeat differs", () => {
    expect(
      passwordErrors({ ...password, repassword: "secret13" }, false),
    ).toEqual({ repassword: { own: "rules.passwordMismatch" } });
  });
});

const account = { account: "new@example.com", newCode: "123456", code: "" };
const plain = { regauth: 0 as const, verified: false, current: "alice01" };

describe("accountErrors", () => {
  it("needs a phone or an email even when registration takes any account", () => {
    expect(accountErrors(account, plain)).toEqual({});
    expect(
      accountErrors({ ...account, account: "13812345678" }, plain),
    ).toEqual({});
    expect(accountErrors({ ...account, account: "bob123" }, plain)).toEqual({
      account: { key: "register.accountPhoneOrEmail" },
    });
  });

  it("follows the registration's kind when it has one", () => {
    expect(accountErrors(account, { ...plain, regauth: 1 }).account).toEqual({
      key: "register.accountPhone",
    });
  });

  it("refuses the current account, whatever its case", () => {
    expect(
      accountErrors(
        { ...account, account: "Me@Example.com" },
        { ...plain, current: "me@example.com" },
      ).account,
    ).toEqual({ own: "rules.accountSame" });
  });

  it("needs the new account's code, and the current one's when verified", () => {
    expect(accountErrors({ ...account, newCode: "" }, plain)).toEqual({
      newCode: { own: "rules.codeRequired" },
    });
    expect(accountErrors(account, { ...plain, verified: true })).toEqual({
      code: { own: "rules.codeRequired" },
    });
    expect(
      accountErrors(
        { ...account, code: "654321" },
        { ...plain, verified: true },
      ),
    ).toEqual({});
  });
});

describe("avatarProblem (SPEC §9: jpg, png, gif, jpeg; at most 5 MB)", () => {
  const MB = 1024 * 1024;

  it("accepts the three kinds up to exactly 5 MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif"])
      expect(avatarProblem({ name: "a", type, size: 5 * MB })).toBeNull();
  });

  it("refuses a byte more than 5 MB", () => {
    expect(
      avatarProblem({ name: "a.png", type: "image/png", size: 5 * MB + 1 }),
    ).toBe("rules.avatarTooLarge");
  });

  it("refuses other kinds, by type, else by name", () => {
    expect(avatarProblem({ name: "a.webp", type: "image/webp", size: 1 })).toBe(
      "rules.avatarType",
    );
    expect(avatarProblem({ name: "a.pdf", type: "", size: 1 })).toBe(
      "rules.avatarType",
    );
    expect(avatarProblem({ name: "photo.JPEG", type: "", size: 1 })).toBeNull();
  });
});
