import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiLogin,
  bubbles,
  logIn,
  sharedBrowser,
  newContext,
  Product,
  realtimeBound,
  settledShot,
  resize,
} from "./harness";
import type { Browser } from "playwright-core";

/*
 * Issue 12 on the web: demo mode's /demo page (SPEC §2) and the console shell's chat
 * dialog and profile entry. Signed in, the administrator lands on /demo: the first demo
 * people are listed with a send-message button that opens the chat as a pop-up on that
 * person; a message sent to them arrives; a message from one of them shows on the
 * message box's badge. The console's "Open chat" opens the same pop-up over the console,
 * and "Profile" opens the settings. Photographed in en and zh, and at phone width.
 */
let demo: Product;
let browser: Browser;
beforeAll(async () => {
  demo = new Product({ DEMO_MODE: "1" });
  await demo.start();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser.close();
  await demo.dispose();
});

/** A picture once dialogs and popups have stopped moving (harness.ts). */
const shot = settledShot;

async function signIn(locale: "en-US" | "zh-CN"): Promise<Page> {
  const { page } = await newContext(browser, locale);
  await logIn(page, demo.url, "admin", locale === "zh-CN" ? "zh" : "en", {
    password: "admin-pass1",
    route: "/demo",
  });
  return page;
}

const dialog = (page: Page) =>
  page.locator(".ant-modal-wrap:not([style*='display: none']) .ant-modal");

describe("demo mode's /demo page", () => {
  it("lists the first people, chats in a pop-up, counts unread on the message box", async () => {
    const page = await signIn("en-US");
    await page.getByText("Welcome to Parley").waitFor();
    const people = page.getByTestId("demo-contact");
    await expect.poll(() => people.count()).toBe(4);
    const names = await people
      .locator(".ant-list-item-meta-title")
      .allTextContents();
    expect(names).toEqual(["熊大", "熊二", "喜洋洋", "灰太狼"]);
    await shot(page, "demo-en");

    // Send message: the pop-up opens on that person; a message goes and comes back shown.
    await people
      .filter({ hasText: "熊二" })
      .getByRole("button", { name: "Send message" })
      .click();
    const chat = dialog(page);
    await chat.getByRole("region").first().waitFor();
    await realtimeBound(page);
    const editor = chat.getByRole("textbox").last();
    await editor.fill("Hello from the demo page");
    await editor.press("Enter");
    await bubbles(page)
      .filter({ hasText: "Hello from the demo page" })
      .waitFor();
    await shot(page, "demo-chat-en");
    await chat.getByRole("button", { name: "Close the chat" }).click();
    await chat.waitFor({ state: "hidden" });

    // A message from 熊大 shows on the message box's badge.
    const bear = await apiLogin(demo.url, "13800000002", "123456");
    const sent = await api(
      demo.url,
      "/enterprise/im/sendMessage",
      { id: randomUUID(), type: "text", content: "嗨!", toContactId: 1 },
      bear.token,
    );
    expect(sent.code).toBe(0);
    const box = page
      .getByRole("navigation", { name: "Demo actions" })
      .locator(".ant-badge")
      .filter({ hasText: "Messages" });
    await expect
      .poll(() => box.locator(".ant-badge-count").textContent())
      .toBe("1");

    // Phone width.
    await resize(page, { width: 390, height: 800 });
    await shot(page, "demo-390-en");
    await resize(page, { width: 1280, height: 800 });

    // The console's chat dialog and profile entry.
    await page.getByRole("button", { name: "Console" }).click();
    await page.locator(".ant-layout-content").waitFor();
    await page.getByRole("button", { name: "Open chat" }).click();
    await dialog(page).getByTestId("contact").first().waitFor();
    await shot(page, "console-chat-dialog-en");
    await dialog(page).getByRole("button", { name: "Close the chat" }).click();
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await page.getByRole("dialog", { name: "Settings", exact: true }).waitFor();
    await shot(page, "console-profile-en");
  });

  it("in Chinese", async () => {
    const page = await signIn("zh-CN");
    await page.getByText("欢迎使用 Parley").waitFor();
    await expect.poll(() => page.getByTestId("demo-contact").count()).toBe(4);
    await page.getByRole("tab", { name: "群聊" }).click();
    await shot(page, "demo-zh");
  });
});
