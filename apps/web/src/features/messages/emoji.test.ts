import { afterEach, describe, expect, it } from "vitest";
import {
  EMOJI_SETS,
  FAVOURITES_MAX,
  readFavourites,
  toggleFavourite,
} from "./emoji";

afterEach(() => localStorage.clear());

describe("the editor's emoji (SPEC §2)", () => {
  it("offers text sets of about 60 glyphs each, every one a single emoji", () => {
    for (const set of Object.values(EMOJI_SETS)) {
      expect(set.length).toBeGreaterThanOrEqual(55);
      expect(set.length).toBeLessThanOrEqual(65);
      expect(new Set(set).size).toBe(set.length);
      // A variation selector or a lone code point never appears on its own.
      for (const glyph of set) expect(glyph).not.toMatch(/^\uFE0F$/);
    }
    expect(EMOJI_SETS.gestures).toContain("❤️");
  });

  it("adds a favourite at the front, takes it out again, and keeps it for the next visit", () => {
    let favourites = toggleFavourite([], "😀");
    favourites = toggleFavourite(favourites, "👍");
    expect(favourites).toEqual(["👍", "😀"]);
    expect(readFavourites()).toEqual(["👍", "😀"]);
    toggleFavourite(favourites, "😀");
    expect(readFavourites()).toEqual(["👍"]);
  });

  it("keeps at most FAVOURITES_MAX, dropping the oldest", () => {
    let favourites: string[] = [];
    for (const glyph of EMOJI_SETS.faces.slice(0, FAVOURITES_MAX + 3))
      favourites = toggleFavourite(favourites, glyph);
    expect(favourites).toHaveLength(FAVOURITES_MAX);
    expect(favourites[0]).toBe(EMOJI_SETS.faces[FAVOURITES_MAX + 2]);
  });

  it("reads only strings back from a tampered store", () => {
    localStorage.setItem("emojiFavourites", JSON.stringify(["😀", 5, null]));
    expect(readFavourites()).toEqual(["😀"]);
    localStorage.setItem("emojiFavourites", "{not json");
    expect(readFavourites()).toEqual([]);
  });
});
