import { describe, expect, it } from "vitest";
import {
  formatChatTime,
  formatClockTime,
  formatFullTime,
  formatListTime,
} from "./time";

const words = { yesterday: "Yesterday" };
const at = (iso: string) => new Date(iso).getTime();
const now = at("2026-11-23T15:30:00");

describe("message times", () => {
  it("gives the exact time with seconds for a hover title", () => {
    // SPEC §9: year/month/day in every language, English too.
    expect(formatFullTime(at("2026-03-04T05:06:07"), "en")).toBe(
      "2026/03/04 05:06:07",
    );
    expect(formatFullTime(at("2026-03-04T05:06:07"), "zh-CN")).toBe(
      "2026/03/04 05:06:07",
    );
    expect(formatFullTime(at("2026-12-31T00:00:09"), "de")).toBe(
      "2026/12/31 00:00:09",
    );
  });

  it("shows a 24-hour clock time", () => {
    expect(formatClockTime(at("2026-11-23T21:05:00"), "en")).toBe("21:05");
  });

  it("says today's time, yesterday, the weekday, the date, then the year", () => {
    expect(formatChatTime(at("2026-11-23T09:15:00"), now, "en", words)).toBe(
      "09:15",
    );
    expect(formatChatTime(at("2026-11-22T09:15:00"), now, "en", words)).toBe(
      "Yesterday 09:15",
    );
    expect(formatChatTime(at("2026-11-19T09:15:00"), now, "en", words)).toBe(
      "Thursday 09:15",
    );
    expect(formatChatTime(at("2026-02-01T09:15:00"), now, "en", words)).toBe(
      "Feb 1 09:15",
    );
    expect(formatChatTime(at("2025-02-01T09:15:00"), now, "en", words)).toBe(
      "Feb 1, 2025 09:15",
    );
  });

  it("names the month as each language writes it", () => {
    expect(formatChatTime(at("2026-10-15T09:15:00"), now, "zh-CN", words)).toBe(
      "10月15日 09:15",
    );
    expect(formatChatTime(at("2025-10-15T09:15:00"), now, "zh-CN", words)).toBe(
      "2025年10月15日 09:15",
    );
    expect(formatChatTime(at("2026-10-15T09:15:00"), now, "de", words)).toBe(
      "15. Okt. 09:15",
    );
  });

  it("says yesterday across a change to or from summer time (days, not 24 hours)", () => {
    const zone = process.env.TZ;
    process.env.TZ = "Europe/Berlin";
    try {
      // Summer time began in the night of 28 March 2027: that day had 23 hours.
      const spring = new Date(2027, 2, 29, 10, 0).getTime();
      const before = new Date(2027, 2, 28, 12, 0).getTime();
      expect(formatChatTime(before, spring, "en", words)).toBe(
        "Yesterday 12:00",
      );
      expect(formatListTime(before, spring, "en", words)).toBe("Yesterday");
      // It ended in the night of 25 October 2026: that day had 25 hours.
      const autumn = new Date(2026, 9, 26, 0, 30).getTime();
      const eve = new Date(2026, 9, 25, 23, 30).getTime();
      expect(formatChatTime(eve, autumn, "en", words)).toBe("Yesterday 23:30");
      // Six days back is still a weekday; seven is a date.
      expect(
        formatChatTime(
          new Date(2027, 2, 23, 9, 0).getTime(),
          spring,
          "en",
          words,
        ),
      ).toBe("Tuesday 09:00");
      expect(
        formatChatTime(
          new Date(2027, 2, 22, 9, 0).getTime(),
          spring,
          "en",
          words,
        ),
      ).toBe("Mar 22 09:00");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("keeps the contact list short", () => {
    expect(formatListTime(at("2026-11-23T09:15:00"), now, "en", words)).toBe(
      "09:15",
    );
    expect(formatListTime(at("2026-11-22T09:15:00"), now, "en", words)).toBe(
      "Yesterday",
    );
    expect(formatListTime(at("2025-02-01T09:15:00"), now, "en", words)).toBe(
      "2/1/25",
    );
  });
});
