import { describe, expect, it } from "vitest";
import {
  customMuteDays,
  GroupLimits,
  memberPickerProblem,
  muteDuration,
} from "./group.js";

const base = { picked: 2, members: 1, groupUserMax: 0 };

describe("the group and member dialog's checks (SPEC §5 Chat)", () => {
  it("wants a name of 2 to 20 characters when creating", () => {
    expect(memberPickerProblem("create", { ...base, name: "a" })).toBe(
      "group.nameLength",
    );
    expect(memberPickerProblem("create", { ...base, name: "  ab  " })).toBe(
      null,
    );
    expect(
      memberPickerProblem("create", { ...base, name: "x".repeat(20) }),
    ).toBe(null);
    expect(
      memberPickerProblem("create", { ...base, name: "x".repeat(21) }),
    ).toBe("group.nameLength");
    expect(memberPickerProblem("create", { ...base, name: "   " })).toBe(
      "group.nameLength",
    );
  });

  it("wants at least two others to create, at least one and at most 20 to add", () => {
    expect(
      memberPickerProblem("create", { ...base, name: "Team", picked: 1 }),
    ).toBe("group.tooFew");
    expect(memberPickerProblem("add", { ...base, picked: 0 })).toBe(
      "group.selectToAdd",
    );
    expect(memberPickerProblem("add", { ...base, picked: 1 })).toBe(null);
    expect(
      memberPickerProblem("add", { ...base, picked: GroupLimits.addMax }),
    ).toBe(null);
    expect(
      memberPickerProblem("add", { ...base, picked: GroupLimits.addMax + 1 }),
    ).toBe("group.tooManyAtOnce");
  });

  it("wants exactly one heir for a transfer", () => {
    expect(memberPickerProblem("transfer", { ...base, picked: 0 })).toBe(
      "group.pickOne",
    );
    expect(memberPickerProblem("transfer", { ...base, picked: 1 })).toBe(null);
    expect(memberPickerProblem("transfer", { ...base, picked: 2 })).toBe(
      "group.pickOne",
    );
  });

  it("keeps the group within groupUserMax when it is above 0", () => {
    const create = { name: "Team", picked: 2, members: 1 };
    expect(memberPickerProblem("create", { ...create, groupUserMax: 3 })).toBe(
      null,
    );
    expect(memberPickerProblem("create", { ...create, groupUserMax: 2 })).toBe(
      "group.full",
    );
    expect(memberPickerProblem("create", { ...create, groupUserMax: 0 })).toBe(
      null,
    );
    expect(
      memberPickerProblem("add", { picked: 1, members: 9, groupUserMax: 10 }),
    ).toBe(null);
    expect(
      memberPickerProblem("add", { picked: 2, members: 9, groupUserMax: 10 }),
    ).toBe("group.full");
  });
});

describe("mute durations (SPEC §9)", () => {
  it("knows the four presets and custom days from a minute to 365 days", () => {
    expect(muteDuration(1, 0)).toBe(10 * 60_000);
    expect(muteDuration(4, 0)).toBe(24 * 60 * 60_000);
    expect(muteDuration(0, 0)).toBe(0);
    expect(muteDuration(0, 1 / 1440)).toBe(60_000);
    expect(muteDuration(0, 365)).toBe(365 * 24 * 60 * 60_000);
    expect(muteDuration(0, 365.5)).toBe(null);
    // Rounded to the minute: under half a minute is nothing.
    expect(muteDuration(0, 1 / 5000)).toBe(null);
    expect(muteDuration(5, 0)).toBe(null);
  });
});

describe("a custom mute in days, hours or minutes", () => {
  it("converts to days within 1 minute to 365 days", () => {
    expect(customMuteDays(1, "minute")).toBeCloseTo(1 / 1440);
    expect(customMuteDays(36, "hour")).toBe(1.5);
    expect(customMuteDays(365, "day")).toBe(365);
    expect(customMuteDays(366, "day")).toBe(null);
    expect(customMuteDays(365 * 24 + 1, "hour")).toBe(null);
    expect(customMuteDays(0, "day")).toBe(null);
    expect(customMuteDays(1.5, "day")).toBe(null);
  });
});
