import { describe, expect, it } from "vitest";
import {
  chatLayout,
  MENU_COLLAPSE_WIDTH,
  PHONE_MAX_WIDTH,
} from "./chat-layout";

describe("the chat screen's layout by window width (issue 15, fault 4)", () => {
  it("shows menu, list and chat side by side from 900 px, the menu labelled", () => {
    for (const width of [1280, 1100, MENU_COLLAPSE_WIDTH]) {
      for (const open of [true, false]) {
        expect(chatLayout(width, open)).toEqual({
          mode: "wide",
          nav: "labelled",
          list: true,
          conversation: true,
        });
      }
    }
  });

  it("keeps both columns between the phone breakpoint and 900 px, the menu as icons", () => {
    for (const width of [MENU_COLLAPSE_WIDTH - 1, 768, PHONE_MAX_WIDTH]) {
      expect(chatLayout(width, true)).toEqual({
        mode: "compact",
        nav: "icons",
        list: true,
        conversation: true,
      });
    }
  });

  it("shows one pane at a time on a phone: the list with a bottom bar, or the open chat alone", () => {
    for (const width of [PHONE_MAX_WIDTH - 1, 430, 390, 360, 320]) {
      expect(chatLayout(width, false)).toEqual({
        mode: "phone",
        nav: "bar",
        list: true,
        conversation: false,
      });
      expect(chatLayout(width, true)).toEqual({
        mode: "phone",
        nav: "none",
        list: false,
        conversation: true,
      });
    }
  });
});
