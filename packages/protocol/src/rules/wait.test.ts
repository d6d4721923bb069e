import { describe, expect, it } from "vitest";
import { retryIn, waitInUnits } from "./wait.js";

describe("waitInUnits", () => {
  it.each([
    [0, { value: 1, unit: "second" }],
    [0.2, { value: 1, unit: "second" }],
    [30, { value: 30, unit: "second" }],
    [59, { value: 59, unit: "second" }],
    [59.1, { value: 1, unit: "minute" }],
    [60, { value: 1, unit: "minute" }],
    [61, { value: 2, unit: "minute" }],
    [896, { value: 15, unit: "minute" }],
    [900, { value: 15, unit: "minute" }],
    [3540, { value: 59, unit: "minute" }],
    [3541, { value: 1, unit: "hour" }],
    [3600, { value: 1, unit: "hour" }],
    [3601, { value: 2, unit: "hour" }],
  ])("rounds %d s up to %j", (seconds, expected) => {
    expect(waitInUnits(seconds)).toEqual(expected);
  });
});

describe("retryIn", () => {
  it.each([
    [896, "en", "in 15 minutes"],
    [60, "en", "in 1 minute"],
    [30, "en", "in 30 seconds"],
    [1, "en", "in 1 second"],
    [7200, "en", "in 2 hours"],
    [896, "zh-CN", "15分钟后"],
    [30, "fr", "dans 30 secondes"],
    [60, "de", "in 1 Minute"],
  ])("says %d s in %s as %j", (seconds, locale, expected) => {
    expect(retryIn(seconds, locale)).toBe(expected);
  });
});
