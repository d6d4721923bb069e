import { describe, expect, it } from "vitest";
import { i18n } from "../i18n";
import { antdLocaleOf } from "../i18n/antd-locales";
import { loadAntShell, opensChatScreen } from "./router";

describe("antd's shell", () => {
  it("comes with antd's pack of the language shown (start-up no longer fetches it)", async () => {
    await i18n.changeLanguage("e");
    try {
      const { default: shell } = await loadAntShell();
      expect(typeof shell).toBe("function");
      expect(antdLocaleOf("e")?.locale).toBe("ko");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("warming the chat screen at start-up", () => {
  it("starts its code early only for a signed-in load of the chat screen", () => {
    expect(opensChatScreen(true, "/")).toBe(true);
    expect(opensChatScreen(true, "")).toBe(true);
    expect(opensChatScreen(true, "/chat")).toBe(true);
    expect(opensChatScreen(false, "/")).toBe(false);
    expect(opensChatScreen(true, "/login")).toBe(false);
    expect(opensChatScreen(true, "/manage/index")).toBe(false);
  });
});
