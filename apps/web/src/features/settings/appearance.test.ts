import { DEFAULT_USER_SETTING } from "@parley/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { appearanceAttributes, applyAppearance, themeOf } from "./appearance";

const root = document.documentElement;

afterEach(() => {
  applyAppearance(root, undefined);
});

describe("themeOf", () => {
  it("knows default, blue and dark; anything else is the default", () => {
    expect(themeOf("blue")).toBe("blue");
    expect(themeOf("dark")).toBe("dark");
    expect(themeOf("default")).toBe("default");
    expect(themeOf("purple")).toBe("default");
    expect(themeOf("")).toBe("default");
    expect(themeOf(undefined)).toBe("default");
  });
});

describe("appearanceAttributes", () => {
  it("draws a new account's settings: default theme, square avatars, names and times shown", () => {
    expect(appearanceAttributes(DEFAULT_USER_SETTING)).toEqual({
      "data-theme": "default",
      "data-avatar": "square",
      "data-hide-names": null,
      "data-hide-times": null,
    });
  });

  it("draws every setting turned the other way", () => {
    expect(
      appearanceAttributes({
        ...DEFAULT_USER_SETTING,
        theme: "dark",
        avatarCricle: true,
        hideMessageName: true,
        hideMessageTime: true,
      }),
    ).toEqual({
      "data-theme": "dark",
      "data-avatar": "round",
      "data-hide-names": "",
      "data-hide-times": "",
    });
  });
});

describe("applyAppearance", () => {
  it("sets the attributes on the root, and takes them away again", () => {
    applyAppearance(root, {
      ...DEFAULT_USER_SETTING,
      theme: "blue",
      avatarCricle: true,
      hideMessageName: true,
      hideMessageTime: true,
    });
    expect(root.dataset).toMatchObject({
      theme: "blue",
      avatar: "round",
      hideNames: "",
      hideTimes: "",
    });

    applyAppearance(root, DEFAULT_USER_SETTING);
    expect(root.dataset.theme).toBe("default");
    expect(root.dataset.avatar).toBe("square");
    expect(root.hasAttribute("data-hide-names")).toBe(false);
    expect(root.hasAttribute("data-hide-times")).toBe(false);
  });

  it("draws the defaults when nobody is signed in", () => {
    applyAppearance(root, { ...DEFAULT_USER_SETTING, theme: "dark" });
    applyAppearance(root, undefined);
    expect(root.dataset.theme).toBe("default");
  });
});
