import { describe, expect, it } from "vitest";
import {
  applicationRemarkProblem,
  friendNicknameProblem,
  maskAccount,
  profileProblem,
} from "./people.js";

const PROFILE = { realname: "Ann Lee", email: "", sex: 2, motto: "" };

describe("the profile (SPEC §5 Settings)", () => {
  it.each([
    [{}, null],
    [{ realname: "李四" }, null],
    [{ realname: "A" }, "realname"],
    [{ realname: "x".repeat(17) }, "realname"],
    [{ realname: "  " }, "realname"],
    [{ email: "a@b.co" }, null],
    [{ email: "not an email" }, "email"],
    [{ email: `${"a".repeat(115)}@b.com` }, "email"],
    [{ sex: 0 }, null],
    [{ sex: 3 }, "sex"],
    [{ motto: "m".repeat(100) }, null],
    [{ motto: "m".repeat(101) }, "motto"],
    [{ motto: "😀".repeat(100) }, null],
  ])("%j → %s", (patch, field) => {
    expect(profileProblem({ ...PROFILE, ...patch })?.field ?? null).toBe(field);
  });
});

describe("friends (SPEC §5 Friends)", () => {
  it("needs a request message ('input valid') of at most 100 characters", () => {
    expect(applicationRemarkProblem("")).toBe("friend.remarkRequired");
    expect(applicationRemarkProblem(" \n")).toBe("friend.remarkRequired");
    expect(applicationRemarkProblem("hi")).toBeNull();
    expect(applicationRemarkProblem("x".repeat(101))).toBe(
      "friend.remarkLength",
    );
  });

  it("needs a remark ('please input remark') as long as a name may be", () => {
    expect(friendNicknameProblem("")).toBe("friend.nicknameRequired");
    expect(friendNicknameProblem("Bestie")).toBeNull();
    expect(friendNicknameProblem("x".repeat(17))).toBe("friend.nicknameLength");
  });
});

describe("maskAccount", () => {
  it.each([
    ["13812345678", "138******78"],
    ["ann@example.com", "ann******om"],
    ["abcde", "a****"],
    ["张三丰的账号呀", "张三丰******号呀"],
    ["", "****"],
  ])("%s → %s", (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });
});
