import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  apiSend,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  resize,
  settledShot,
} from "./harness";
import { openSettings, showTab } from "./settings-helpers";

/*
 * Issue 43 item 1 in the browser: two people react to a message in a one-to-one chat, each
 * seeing the other's reaction live, in English and Chinese, at a laptop's and a phone's
 * width: the message menu's quick reactions, one tap on a reaction to add or take away
 * mine, and the picker of every emoji searched by name; and one sees the other typing.
 * Item 2: one edits a message (the menu, the Up arrow), the other sees it and its history.
 * Item 4: a message's Markdown drawn (and not, with the setting off).
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

describe("reactions in the web client", () => {
  it("two people react live: menu, tap, picker; en and zh, 1280 and 390 px", async () => {
    const suffix = randomBytes(3).toString("hex");
    const bao = await apiUser(url(), `bao${suffix}`, "包宝宝");
    const annLogin = await apiUser(url(), `annx${suffix}`, "Ann Lee");
    const a = await newContext(setup.browser(), "en-US");
    const b = await newContext(setup.browser(), "zh-CN");
    await logIn(a.page, url(), `annx${suffix}`);
    await logIn(b.page, url(), `bao${suffix}`, "zh");
    await apiSend(url(), bao, annLogin, "Lunch at noon?");

    // Ann opens the chat and reacts from the message menu.
    const annRow = a.page.getByTestId("contact").filter({ hasText: "包宝宝" });
    await annRow.click();
    const annBubble = bubbles(a.page).filter({ hasText: "Lunch at noon?" });
    await annBubble.waitFor();
    await annBubble.getByText("Lunch at noon?").click({ button: "right" });
    await a.page.getByRole("menuitem", { name: "React" }).hover();
    await a.page.getByRole("menuitem", { name: "👍" }).click();
    const annThumbs = annBubble.getByRole("button", {
      name: "You reacted with 👍",
    });
    await annThumbs.waitFor();
    await expect
      .poll(() => annThumbs.getAttribute("aria-pressed"))
      .toBe("true");

    // Bao sees it live, in Chinese, and adds his with one tap.
    const baoRow = b.page.getByTestId("contact").filter({ hasText: "Ann Lee" });
    await baoRow.click();
    const baoBubble = bubbles(b.page).filter({ hasText: "Lunch at noon?" });
    const baoThumbs = baoBubble.getByRole("button", {
      name: "Ann Lee回应了 👍",
    });
    await baoThumbs.waitFor();
    await expect
      .poll(() => baoThumbs.getAttribute("aria-pressed"))
      .toBe("false");
    await baoThumbs.click();
    await baoBubble
      .getByRole("button", { name: "Ann Lee和你回应了 👍" })
      .waitFor();
    await annBubble
      .getByRole("button", { name: "You and 包宝宝 reacted with 👍" })
      .waitFor();
    await expect
      .poll(() =>
        annBubble.getByRole("group", { name: "Reactions" }).textContent(),
      )
      .toContain("👍2");
    await settledShot(a.page, "reactions-en-1280");

    // Bao starts typing: Ann sees it under the chat, in English (extensions.md §3).
    const baoEditor = b.page.getByLabel("消息内容", { exact: true });
    await baoEditor.click();
    await baoEditor.pressSequentially("好的");
    await a.page.getByText("包宝宝 is typing…").waitFor();
    await settledShot(a.page, "typing-en-1280");
    await baoEditor.press("Enter");
    await bubbles(a.page).filter({ hasText: "好的" }).waitFor();
    await expect
      .poll(() => a.page.getByText("包宝宝 is typing…").count())
      .toBe(0);

    // Ann picks another emoji from the picker, found by its English name.
    await annBubble
      .getByRole("button", { name: "Add a reaction" })
      .last()
      .click();
    const search = a.page.getByPlaceholder("Search emoji");
    await search.waitFor();
    await settledShot(a.page, "reactions-picker-en");
    await search.fill("party popper");
    // The one emoji found (nothing else on the page is 🎉 yet).
    await a.page
      .getByText("🎉", { exact: true })
      .filter({ visible: true })
      .click();
    await baoBubble.getByRole("button", { name: "Ann Lee回应了 🎉" }).waitFor();

    // On a phone, Bao's chips are still there and still work: he takes his 👍 away.
    await resize(b.page, { width: 390, height: 844 });
    await baoBubble
      .getByRole("button", { name: "Ann Lee和你回应了 👍" })
      .click();
    await annBubble
      .getByRole("button", { name: "You reacted with 👍" })
      .waitFor();
    await settledShot(b.page, "reactions-zh-390");
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("one edits a message, the other sees the new text and its history live; en and zh, 1280 and 390 px", async () => {
    const suffix = randomBytes(3).toString("hex");
    const bao = await apiUser(url(), `baoe${suffix}`, "包宝宝");
    const ann = await apiUser(url(), `anne${suffix}`, "Ann Lee");
    const a = await newContext(setup.browser(), "en-US");
    const b = await newContext(setup.browser(), "zh-CN");
    await logIn(a.page, url(), `anne${suffix}`);
    await logIn(b.page, url(), `baoe${suffix}`, "zh");
    await apiSend(url(), ann, bao, "Meet at 3pm in room 2");

    await a.page.getByTestId("contact").filter({ hasText: "包宝宝" }).click();
    const annBubble = bubbles(a.page).filter({ hasText: "room 2" });
    await annBubble.waitFor();
    await resize(b.page, { width: 390, height: 844 });
    await b.page.getByTestId("contact").filter({ hasText: "Ann Lee" }).click();
    const baoBubble = bubbles(b.page).filter({ hasText: "room 2" });
    await baoBubble.waitFor();

    // Ann edits it from the message menu: the editor takes its text.
    await annBubble
      .getByText("Meet at 3pm in room 2")
      .click({ button: "right" });
    await a.page.getByRole("menuitem", { name: "Edit" }).click();
    const editor = a.page.getByLabel("Message", { exact: true });
    await expect.poll(() => editor.inputValue()).toBe("Meet at 3pm in room 2");
    await a.page.getByTestId("edit-bar").waitFor();
    await settledShot(a.page, "edit-editor-en-1280");
    await editor.fill("Meet at 4pm in room 2");
    await editor.press("Enter");
    await annBubble.getByText("Meet at 4pm in room 2").waitFor();
    await annBubble.getByRole("button", { name: "(edited)" }).waitFor();
    expect(await editor.inputValue()).toBe("");

    // Bao, on a phone, sees the new text live, marked, and its history on a tap.
    await baoBubble.getByText("Meet at 4pm in room 2").waitFor();
    await baoBubble.getByRole("button", { name: "（已编辑）" }).click();
    const history = b.page.getByTestId("edit-history");
    await history.getByText("Meet at 3pm in room 2").waitFor();
    await expect.poll(() => history.textContent()).toContain("原文");
    await settledShot(b.page, "edit-history-zh-390");
    await b.page.keyboard.press("Escape");

    // Up in Ann's empty editor takes her last message again; Esc leaves it as it was.
    await editor.click();
    await editor.press("ArrowUp");
    await expect.poll(() => editor.inputValue()).toBe("Meet at 4pm in room 2");
    await editor.press("Escape");
    expect(await editor.inputValue()).toBe("");
    await expect.poll(() => a.page.getByTestId("edit-bar").count()).toBe(0);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("a formatted message draws its Markdown and highlighted code, or the words as typed when turned off", async () => {
    const suffix = randomBytes(3).toString("hex");
    const bao = await apiUser(url(), `baof${suffix}`, "包宝宝");
    const ann = await apiUser(url(), `annf${suffix}`, "Ann Lee");
    const a = await newContext(setup.browser(), "en-US");
    const b = await newContext(setup.browser(), "zh-CN");
    await logIn(a.page, url(), `annf${suffix}`);
    await logIn(b.page, url(), `baof${suffix}`, "zh");
    const text =
      "**Deploy** is _done_, ~~no~~ `v2.1` shipped:\n> all green\n\n- api\n- web\n\n```js\nconst ok = true;\n```";
    await apiSend(url(), ann, bao, text);

    await b.page.getByTestId("contact").filter({ hasText: "Ann Lee" }).click();
    const bubble = bubbles(b.page).filter({ hasText: "shipped" });
    await bubble.locator("strong", { hasText: "Deploy" }).waitFor();
    await bubble.locator("em", { hasText: "done" }).waitFor();
    await bubble.locator("del", { hasText: "no" }).waitFor();
    await bubble.locator("blockquote", { hasText: "all green" }).waitFor();
    expect(await bubble.locator("li").allTextContents()).toEqual([
      "api",
      "web",
    ]);
    await bubble
      .locator("pre code .hljs-keyword", { hasText: "const" })
      .waitFor();
    await settledShot(b.page, "format-zh-1280");
    await resize(b.page, { width: 390, height: 844 });
    await settledShot(b.page, "format-zh-390");

    // Ann's editor says what Markdown does; with the setting off she sees the words typed.
    await a.page.getByTestId("contact").filter({ hasText: "包宝宝" }).click();
    await a.page.getByText("**bold** *italic* `code` > quote").waitFor();
    const settings = await openSettings(a.page, "en");
    await showTab(settings, "General");
    const formatSwitch = settings.getByRole("switch", {
      name: "Format messages",
    });
    await formatSwitch.click();
    await expect
      .poll(() => formatSwitch.getAttribute("aria-checked"))
      .toBe("false");
    await a.page.keyboard.press("Escape");
    const plain = bubbles(a.page).filter({ hasText: "shipped" });
    await plain.getByText("**Deploy** is _done_", { exact: false }).waitFor();
    expect(await plain.locator("strong").count()).toBe(0);
    await settledShot(a.page, "format-off-en-1280");
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
