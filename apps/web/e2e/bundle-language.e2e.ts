import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  apiSend,
  apiUser,
  bubbles,
  newContext,
  productAndBrowser,
  realtimeBound,
  screenshot,
} from "./harness";

/*
 * Issue 15, fault 9: a first visit from an English browser shows English from the first
 * paint, in one page load; a language switch from the settings changes the screen in place,
 * the open chat staying open, with no reload.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

const HAN = /\p{Script=Han}/u;

/** Counts the page's own document loads (a reload or a redirect counts). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      loads += 1;
  });
  return () => loads;
}

describe("the page's weight and language", () => {
  it("opens in English for an English browser, once, and switches language in place", async () => {
    const suffix = randomBytes(3).toString("hex");
    const me = `reader${suffix}`;
    await apiUser(url(), me, "Reader");
    const friend = await apiUser(url(), `friend${suffix}`, "Friendly Fred");
    const { context, page, errors } = await newContext(
      setup.browser(),
      "en-US",
    );
    // Every text the page shows, from its very first paint, before any script of ours runs.
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { parleySeen: seen });
      new MutationObserver(() => {
        const text = document.getElementById("root")?.innerText.trim() ?? "";
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const loads = countDocumentLoads(page);

    await page.goto(`${url()}/#/login`);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { parleySeen: string[] }).parleySeen,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toContain("Welcome back");
    expect(
      seen.filter((text) => HAN.test(text)),
      "no Chinese before English",
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(loads()).toBe(1);
    await screenshot(page, "bundle-language-login-en");

    // A chat with a message in it, open.
    await page.getByLabel("Account").fill(me);
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    // Fred writes once the page's socket is bound, as the other flows do: a message that
    // lands while the page is still binding was once missing from its list (CI run 4).
    await realtimeBound(page);
    const reader = await page.evaluate(() => {
      const raw = localStorage.getItem("UserInfo");
      return raw ? (JSON.parse(raw) as { user_id: number }).user_id : 0;
    });
    await apiSend(url(), friend, { id: reader }, "Bonjour, how are you?");
    const chat = page
      .getByTestId("contact")
      .filter({ hasText: "Friendly Fred" });
    await chat.click();
    const message = bubbles(page).filter({ hasText: "Bonjour, how are you?" });
    await message.waitFor();
    const conversation = page.getByRole("region", { name: "Friendly Fred" });
    await conversation.waitFor();
    await page.evaluate(() => Object.assign(window, { parleyMarker: "kept" }));

    // Settings → Language → Français.
    await page.getByRole("button", { name: "Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Settings" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Language" }).click();
    await page.getByRole("menuitem", { name: "Français" }).click();

    // The dialog and the screen behind it now speak French; nothing reloaded.
    const dialogFr = page.getByRole("dialog", { name: "Paramètres" });
    await dialogFr.waitFor();
    await page.getByRole("menu").waitFor({ state: "hidden" });
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
      )
      .toBe("Langue");
    await screenshot(page, "bundle-language-settings-fr");
    await page.keyboard.press("Escape");
    await dialogFr.waitFor({ state: "hidden" });
    await page.getByRole("navigation", { name: "Menu principal" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    expect(
      await page.evaluate(
        () => (window as unknown as { parleyMarker?: string }).parleyMarker,
      ),
    ).toBe("kept");
    expect(loads()).toBe(1);
    // The same chat is open, its message on screen.
    expect(await conversation.isVisible()).toBe(true);
    expect(await message.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("fy");
    await screenshot(page, "bundle-language-chat-fr");

    // The server speaks French to this user from now on, too.
    const answer = await page.evaluate(async () => {
      const res = await fetch("/common/pub/getSystemInfo", { method: "POST" });
      return ((await res.json()) as { data: { lang: string } }).data.lang;
    });
    expect(answer).toBe("fy");
    expect(errors).toEqual([]);
    await context.close();
  });
});
