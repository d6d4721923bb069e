import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes";

describe("formatBytes", () => {
  it("picks the largest unit below 1024 of it, one decimal at most", () => {
    expect(formatBytes(0, "en")).toBe("0B");
    expect(formatBytes(1023, "en")).toBe("1,023B");
    expect(formatBytes(1536, "en")).toBe("1.5 kB");
    expect(formatBytes(5 * 1024 ** 3, "en")).toBe("5 GB");
    expect(formatBytes(3.25 * 1024 ** 2, "de")).toBe("3,3 MB");
  });
});
