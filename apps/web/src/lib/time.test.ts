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
