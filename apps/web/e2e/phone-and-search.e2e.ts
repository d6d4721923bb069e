import { randomBytes } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiSend,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  screenshot,
  settledShot,
  resize,
} from "./harness";

/*
 * Issue 15, faults 4 and 6: at phone width one pane at a time (the list with a bottom bar,
 * then the chat with a back button), usable by touch and with no sideways scrolling; the
 * search finds people as well as chats; Ctrl+K opens a quick switcher from anywhere; the
 * first screen of a new user says how to start.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

const TEXTS = {
  en: {
    locale: "en-US" as const,
    login: {
      heading: "Welcome back",
      account: "Account",
      password: "Password",
      submit: "Log in",
    },
    menu: "Main menu",
    search: "Search",
    people: "People",
    editor: "Message",
    back: "Back to chats",
    switcher: "Search",
    start: "Start a conversation",
  },
  zh: {
    locale: "zh-CN" as const,
    login: {
      heading: "欢迎登录",
      account: "账号",
      password: "密码",
      submit: "登录",
    },
    menu: "主菜单",
    search: "搜索",
    people: "联系人",
    editor: "消息内容",
    back: "返回会话列表",
    switcher: "搜索",
    start: "开始聊天",
  },
};
type Lang = keyof typeof TEXTS;

let bob: { token: string; id: number };

beforeAll(async () => {
  // A directory to search: Bob, another Bob, and a Chinese name found by its pinyin.
  bob = await apiUser(url(), "bobsmith", "Bob");
  await apiUser(url(), "bobbyt", "Bobby Tables");
  await apiUser(url(), "hanmeimei", "韩梅梅");
});

/** Logs in on the form, the first thing a person does on a phone. */
async function logInOnTheForm(
  page: Page,
  lang: Lang,
  account: string,
): Promise<void> {
  const text = TEXTS[lang].login;
  await page.goto(`${url()}/#/login`);
  await page.getByRole("heading", { name: text.heading }).waitFor();
  await page.getByLabel(text.account).fill(account);
  await page.getByLabel(text.password, { exact: true }).fill("secret12");
  await page.getByRole("button", { name: text.submit }).click();
  await page.getByRole("navigation", { name: TEXTS[lang].menu }).waitFor();
}

/** A new user in a new browser profile, logged in. */
async function newUser(lang: Lang, name: string) {
  const account = `u${randomBytes(4).toString("hex")}`;
  const me = await apiUser(url(), account, name);
  const browser = await newContext(setup.browser(), TEXTS[lang].locale);
  return { ...browser, me, account };
}

/** Whether the page scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(
    () =>
      document.documentElement.scrollWidth >
        document.documentElement.clientWidth ||
      document.body.scrollWidth > document.documentElement.clientWidth,
  );

async function size(locator: Locator): Promise<{ w: number; h: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { w: box.width, h: box.height };
}

/** The rows a list or switcher shows, by their text. */
const rowsOf = (scope: Locator, role: "option" | "contact") =>
  role === "option" ? scope.getByRole("option") : scope.getByTestId("contact");

describe("a phone at 390 px (issue 15, fault 4)", () => {
  it("goes from login to a reply and back to the list, one pane at a time", async () => {
    const { context, page, errors, me, account } = await newUser("en", "Carol");
    await apiSend(url(), bob, me, "Are you free at 3?");
    await resize(page, { width: 390, height: 844 });
    await logInOnTheForm(page, "en", account);

    // The list fills the screen; the menu is a bar at the bottom with labelled, touch-sized buttons.
    const menu = page.getByRole("navigation", { name: "Main menu" });
    const list = page.getByRole("complementary", { name: "Messages" });
    await list.getByTestId("contact").filter({ hasText: "Bob" }).waitFor();
    expect((await size(list)).w).toBe(390);
    const menuBox = await menu.boundingBox();
    expect(menuBox && menuBox.y + menuBox.height).toBe(844);
    for (const name of ["Messages", "Contacts", "Settings"]) {
      const button = menu.getByRole("button", { name });
      await button.getByText(name).waitFor();
      const box = await size(button);
      expect(box.w).toBeGreaterThanOrEqual(40);
      expect(box.h).toBeGreaterThanOrEqual(40);
    }
    expect(await page.getByLabel("Message", { exact: true }).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "phone-flow-list-en");

    // Opening the chat shows it alone, with room to write and a way back.
    await list.getByTestId("contact").filter({ hasText: "Bob" }).click();
    const chat = page.getByRole("region", { name: "Bob" });
    const editor = page.getByLabel("Message", { exact: true });
    await editor.waitFor();
    expect(await list.count()).toBe(0);
    expect(await menu.count()).toBe(0);
    expect((await size(chat)).w).toBe(390);
    expect((await size(editor)).w).toBeGreaterThanOrEqual(300);
    const back = page.getByRole("button", { name: "Back to chats" });
    expect((await size(back)).w).toBeGreaterThanOrEqual(40);
    expect((await size(back)).h).toBeGreaterThanOrEqual(40);
    const send = page.getByRole("button", { name: /^(send )?Send$/ });
    expect((await size(send)).h).toBeGreaterThanOrEqual(40);
    expect(await scrollsSideways(page)).toBe(false);

    // A reply goes out and comes into view.
    await editor.fill("Yes, 3 works for me");
    await editor.press("Enter");
    const mine = bubbles(page).filter({ hasText: "Yes, 3 works for me" });
    await mine.getByText("Unread").waitFor();
    const stored = await api(
      url(),
      "/enterprise/im/getMessageList",
      { toContactId: me.id, is_group: 0 },
      bob.token,
    );
    expect(JSON.stringify(stored.data)).toContain("Yes, 3 works for me");
    await screenshot(page, "phone-flow-chat-en");

    // The back button returns to the list, the chat's last message in it.
    await back.click();
    await list
      .getByTestId("contact")
      .filter({ hasText: "Yes, 3 works for me" })
      .waitFor();
    expect(await editor.count()).toBe(0);

    // So does the browser's Back; Forward returns to the chat.
    await list.getByTestId("contact").filter({ hasText: "Bob" }).click();
    await editor.waitFor();
    // The router writes the chat's history entry just after the click; Back needs it there.
    await page.waitForFunction(
      () =>
        (window.history.state as { usr?: { chat?: unknown } } | null)?.usr
          ?.chat !== undefined,
    );
    await page.goBack();
    await list.waitFor();
    expect(await editor.count()).toBe(0);
    await page.goForward();
    await editor.waitFor();
    // A reload keeps the chat on screen, and Back still leads to the list.
    await page.reload();
    await editor.waitFor();
    await back.click();
    await list.waitFor();
    expect(await editor.count()).toBe(0);
    await list.getByTestId("contact").filter({ hasText: "Bob" }).click();
    await editor.waitFor();

    // Nothing scrolls sideways from 360 to 430 px, in either pane.
    for (const width of [360, 430]) {
      await resize(page, { width, height: 800 });
      await editor.waitFor();
      expect(await scrollsSideways(page), `chat at ${width}`).toBe(false);
      expect((await size(editor)).w).toBeGreaterThanOrEqual(300);
      await back.click();
      await list.waitFor();
      expect(await scrollsSideways(page), `list at ${width}`).toBe(false);
      await list.getByTestId("contact").filter({ hasText: "Bob" }).click();
    }

    // Between the breakpoint and 900 px both columns stay, the menu a rail of icons.
    await resize(page, { width: 700, height: 800 });
    await list.waitFor();
    await editor.waitFor();
    expect((await size(editor)).w).toBeGreaterThanOrEqual(300);
    // The list narrows (240 px and its border) to leave the conversation the room.
    expect((await size(list)).w).toBeLessThanOrEqual(241);
    expect(await back.count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "phone-flow-700-en");

    // Favourites opened beside the chat, then the window narrowed to a phone: the menu bar
    // stays, the way back to the chats.
    await menu.getByRole("button", { name: "Favourites" }).click();
    await resize(page, { width: 390, height: 844 });
    await screenshot(page, "phone-flow-favourites-en");
    // Back in the chats, the chat still open shows alone.
    await menu.getByRole("button", { name: "Messages" }).click();
    await editor.waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("starting a conversation (issue 15, fault 6)", () => {
  it("finds Bob among People when searching the Messages tab, and opens the chat", async () => {
    const { context, page, errors, account } = await newUser("en", "Dave");
    await logIn(page, url(), account, "en");
    // A new user is told how to start, not to pick a contact from an empty list.
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
    await page.getByText("No chats yet").waitFor();

    await page.getByLabel("Search", { exact: true }).fill("bob");
    const people = page.getByRole("group", { name: "People" });
    await people.getByTestId("contact").first().waitFor();
    expect(await rowsOf(people, "contact").allInnerTexts()).toEqual([
      expect.stringMatching(/^Bob\s/),
      expect.stringMatching(/^Bobby Tables\s/),
    ]);
    await people.getByTestId("contact").first().click();
    await page.getByRole("region", { name: "Bob", exact: true }).waitFor();
    await page.getByLabel("Message", { exact: true }).waitFor();

    // The side menu's entries have names, and visible labels on a wide window.
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu
      .getByRole("button", { name: "Contacts", exact: true })
      .getByText("Contacts")
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the switcher with Ctrl+K, even from the editor; arrows, Enter and Esc work", async () => {
    const { context, page, errors, me, account } = await newUser("en", "Erin");
    await apiSend(url(), bob, me, "Lunch?");
    await logIn(page, url(), account, "en");
    await page.getByTestId("contact").filter({ hasText: "Lunch?" }).click();
    const editor = page.getByLabel("Message", { exact: true });
    await editor.fill("a draft");
    await editor.focus();

    // From inside the editor: the switcher takes the keys, the draft keeps its text.
    await page.keyboard.press("Control+K");
    const dialog = page.getByRole("dialog", { name: "Search" });
    const box = dialog.getByRole("combobox", { name: "Search" });
    await dialog.waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.getAttribute("role")),
      )
      .toBe("combobox");
    // Pinyin initials find 韩梅梅 (the pinyin loads on this first such search).
    await page.keyboard.type("hmm");
    await dialog.getByRole("option", { name: /韩梅梅/ }).waitFor();
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: "韩梅梅" }).waitFor();
    await dialog.waitFor({ state: "hidden" });

    // Arrow keys pick the second of two Bobs.
    await page.keyboard.press("Control+K");
    await box.waitFor();
    await box.pressSequentially("bob");
    await expect
      .poll(() => rowsOf(dialog, "option").allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Bob\s/),
        expect.stringMatching(/^Bobby Tables\s/),
      ]);
    await box.press("ArrowDown");
    await box.press("Enter");
    await page.getByRole("region", { name: "Bobby Tables" }).waitFor();

    // Esc closes it without going anywhere.
    await page.keyboard.press("Control+K");
    await box.waitFor();
    await box.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("region", { name: "Bobby Tables" }).waitFor();

    // The visible hint opens it too; Bob's chat still holds the draft, no "k" added.
    await page
      .getByRole("button", {
        name: "Search chats, people and messages (Ctrl+K)",
      })
      .click();
    await box.pressSequentially("Bob");
    await dialog.getByRole("option").first().waitFor();
    await box.press("Enter");
    await page.getByRole("region", { name: "Bob", exact: true }).waitFor();
    expect(await editor.inputValue()).toBe("a draft");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(["en", "zh"] as const)("the screens in %s", (lang) => {
  it("first screen, search, switcher at 1280, 900 and 390 px; phone list and chat", async () => {
    const text = TEXTS[lang];
    const { context, page, errors, me, account } = await newUser(
      lang,
      lang === "zh" ? "小明" : "Frank",
    );
    await logIn(page, url(), account, lang);
    for (const width of [1280, 900, 390]) {
      await resize(page, { width, height: width === 390 ? 844 : 800 });
      const phone = width === 390;
      await page.getByRole("button", { name: text.start }).first().waitFor();
      await screenshot(page, `start-${lang}-${width}`);

      await page.getByLabel(text.search, { exact: true }).fill("bob");
      await page.getByRole("group", { name: text.people }).waitFor();
      await screenshot(page, `search-${lang}-${width}`);
      await page.getByLabel(text.search, { exact: true }).fill("");

      if (phone)
        await page.getByRole("button", { name: text.start }).first().click();
      else await page.keyboard.press("Control+K");
      const dialog = page.getByRole("dialog", { name: text.switcher });
      await dialog
        .getByRole("combobox", { name: text.switcher })
        .pressSequentially("b");
      await dialog.getByRole("option").first().waitFor();
      await settledShot(page, `switcher-${lang}-${width}`);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await scrollsSideways(page), `at ${width}`).toBe(false);
    }

    // The phone list with a chat in it, then the chat.
    await apiSend(
      url(),
      bob,
      me,
      lang === "zh" ? "周末一起去爬山吗？" : "Hiking this weekend?",
    );
    const row = page.getByTestId("contact").filter({ hasText: "Bob" });
    await row.waitFor();
    await screenshot(page, `phone-list-${lang}`);
    await row.click();
    const editor = page.getByLabel(text.editor, { exact: true });
    await editor.fill(lang === "zh" ? "好啊，几点出发？" : "Sure, what time?");
    await editor.press("Enter");
    await bubbles(page).nth(1).waitFor();
    await page.getByRole("button", { name: text.back }).waitFor();
    await screenshot(page, `phone-chat-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
