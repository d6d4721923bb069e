import { describe, expect, it } from "vitest";
import { ipLocation } from "./ip-location.js";

describe("ipLocation", () => {
  it("names where an address is from the shipped database, loaded at its first use", () => {
    expect(ipLocation("114.114.114.114")).toContain("中国");
    // An IPv4-mapped IPv6 address reads as its IPv4 one.
    expect(ipLocation("::ffff:114.114.114.114")).toBe(
      ipLocation("114.114.114.114"),
    );
    expect(ipLocation("")).toBe("");
    expect(ipLocation("not an address")).toBe("");
  });
});
