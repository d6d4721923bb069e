import { describe, expect, it } from "vitest";
import { matchesPerson } from "./people-match";

const zhang = {
  displayName: "张三",
  realname: "张三",
  account: "zs2024",
  name_py: "zhangsan",
};

describe("finding a person in a picker", () => {
  it("matches names, the account and the pinyin, ignoring case and spaces", () => {
    expect(matchesPerson(zhang, "张")).toBe(true);
    expect(matchesPerson(zhang, "ZHANG san")).toBe(true);
    expect(matchesPerson(zhang, "zs20")).toBe(true);
    expect(matchesPerson(zhang, "")).toBe(true);
    expect(matchesPerson(zhang, "li")).toBe(false);
  });

  it("copes with people lacking the optional fields", () => {
    expect(matchesPerson({ displayName: "Bob" }, "bo")).toBe(true);
    expect(matchesPerson({ displayName: "Bob" }, "alice")).toBe(false);
  });
});
