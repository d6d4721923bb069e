import { describe, expect, it } from "vitest";
import {
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  realtimeBound,
  resize,
  settledShot,
} from "./harness";

/*
 * The chat with oneself (wire-contract.md §4.4, contact -1): a note written in one browser
 * reaches the same user's other browser live, and a file goes the other way. Found under
 * Contacts before its first message, among the chats after it. English and Chinese, at
 * 1280 and phone width.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

describe("the chat with oneself", () => {
  it("carries notes and files between two browsers of one user", async () => {
    const suffix = String(Date.now()).slice(-6);
    await apiUser(url(), `self${suffix}`, "Sally Self");
    const en = await newContext(setup.browser(), "en-US");
    const zh = await newContext(setup.browser(), "zh-CN");
    await logIn(en.page, url(), `self${suffix}`, "en");
    // The English browser has started, its socket bound and the config it reads then
    // fetched, before the Chinese one logs in: a login in another language changes the
    // user's language, which a browser still starting would read and switch to.
    await realtimeBound(en.page);
    await en.page.waitForLoadState("networkidle");
    await logIn(zh.page, url(), `self${suffix}`, "zh");
    await realtimeBound(zh.page);

    // Before its first message it is not among the chats, but heads the directory.
    const enRows = en.page.getByTestId("contact");
    await expect
      .poll(() => enRows.filter({ hasText: "File transfer" }).count())
      .toBe(0);
    await en.page
      .getByRole("button", { name: "Contacts", exact: true })
      .click();
    await enRows.first().getByText("File transfer").waitFor();
    await settledShot(en.page, "self-chat-directory-en-1280");
    await enRows.filter({ hasText: "File transfer" }).click();
    const chat = en.page.getByRole("region", { name: "File transfer" });
    await chat.waitFor();
    // Nobody's card and no calls: the title is only a name.
    expect(
      await chat.locator("header").getByRole("button").count(),
    ).toBeLessThanOrEqual(1);

    const editor = en.page.getByLabel("Message", { exact: true });
    await editor.fill("Wi-Fi password: correct horse");
    await editor.press("Enter");
    await bubbles(en.page)
      .filter({ hasText: "Wi-Fi password: correct horse" })
      .waitFor();

    // The other browser lists it live, in its language, and opens it.
    const zhRow = zh.page
      .getByTestId("contact")
      .filter({ hasText: "文件传输" });
    await zhRow.getByText("Wi-Fi password: correct horse").waitFor();
    await zhRow.click();
    await zh.page.getByRole("region", { name: "文件传输" }).waitFor();
    await bubbles(zh.page)
      .filter({ hasText: "Wi-Fi password: correct horse" })
      .waitFor();

    // A file the other way.
    await zh.page.getByTestId("pick-file").setInputFiles({
      name: "会议纪要.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("minutes of the meeting"),
    });
    await bubbles(en.page).filter({ hasText: "会议纪要.txt" }).waitFor();
    await bubbles(zh.page).filter({ hasText: "会议纪要.txt" }).waitFor();
    // Never unread, never marked read or unread under my own notes.
    expect(
      await en.page
        .getByTestId("contact")
        .filter({ hasText: "File transfer" })
        .locator('[data-badge="count"]')
        .count(),
    ).toBe(0);
    await settledShot(en.page, "self-chat-en-1280");
    await settledShot(zh.page, "self-chat-zh-1280");
    await resize(zh.page, { width: 390, height: 844 });
    await settledShot(zh.page, "self-chat-zh-390");
    expect([...en.errors, ...zh.errors]).toEqual([]);
    // Closed here, not in a finally: a failed flow's pages stay open for its pictures
    // (failures.ts), and go with the file's browser connection.
    await Promise.all([en.context.close(), zh.context.close()]);
  });
});
