import { theme as antdTheme } from "antd";
import { describe, expect, it } from "vitest";
import { theme, themeConfig } from "./theme";

describe("themeConfig (SPEC §2 Settings, Common: theme)", () => {
  it("draws the default theme with our brand colour and antd's light algorithm", () => {
    expect(themeConfig("default")).toBe(theme);
    expect(themeConfig("default").algorithm).toBeUndefined();
  });

  it("draws blue with a blue primary of its own", () => {
    const blue = themeConfig("blue");
    expect(blue.algorithm).toBeUndefined();
    expect(blue.token?.colorPrimary).toBe("#1677ff");
    expect(blue.token?.colorPrimary).not.toBe(theme.token?.colorPrimary);
  });

  it("draws dark with antd's dark algorithm", () => {
    const dark = themeConfig("dark");
    expect(dark.algorithm).toBe(antdTheme.darkAlgorithm);
    // The algorithm turns the page dark: its base background is no longer white.
    const tokens = antdTheme.getDesignToken(dark);
    expect(tokens.colorBgBase).not.toBe("#fff");
    expect(tokens.colorBgContainer).not.toBe("#ffffff");
  });

  it("moves nothing for a system that asks for reduced motion, in every scheme", () => {
    for (const name of ["default", "blue", "dark"] as const) {
      expect(themeConfig(name).token?.motion).toBeUndefined();
      const still = themeConfig(name, { reducedMotion: true });
      expect(still.token?.motion).toBe(false);
      expect(still.algorithm).toBe(themeConfig(name).algorithm);
      expect(still.token?.colorPrimary).toBe(
        themeConfig(name).token?.colorPrimary,
      );
      // antd's durations fall to zero with it.
      expect(antdTheme.getDesignToken(still).motionDurationMid).toBe("0s");
    }
  });
});
