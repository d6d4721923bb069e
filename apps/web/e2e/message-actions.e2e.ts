import { randomBytes, randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  api,
  apiLogin,
  apiUser,
  bubbles,
  launchFullChromium,
  logIn,
  newContext,
  productAndBrowser,
  realtimeBound,
  settledShot,
  resize,
} from "./harness";

/*
 * Issue 11 in the browser: the message menu (withdraw and re-edit, quote and jump, copy,
 * favourite, delete for everyone and for me, forward to five and the refusal at six), pin,
 * do-not-disturb and a draft on two browsers of one user, and a notification from a
 * background tab. Each screen is photographed in English and Chinese.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

async function send(
  from: { token: string },
  to: number | string,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<{ msg_id: number; id: string }> {
  const res = await api(
    url(),
    "/enterprise/im/sendMessage",
    { id: randomUUID(), type: "text", content, toContactId: to, ...extra },
    from.token,
  );
  if (res.code !== 0) throw new Error(`could not send "${content}"`);
  return res.data as { msg_id: number; id: string };
}

async function history(
  user: { token: string },
  chat: number,
): Promise<Array<{ content: string; type: string; id: string }>> {
  const res = await api(
    url(),
    "/enterprise/im/getMessageList",
    { toContactId: chat, is_group: 0, limit: 50 },
    user.token,
  );
  return res.data as Array<{ content: string; type: string; id: string }>;
}

async function openChat(page: Page, name: string) {
  await page.getByTestId("contact").filter({ hasText: name }).first().click();
  const chat = page.getByRole("region", { name });
  await chat.waitFor();
  return chat;
}

/**
 * An entry of the menu open now (closed menus stay in the page, hidden). Its name starts
 * with its icon's ("share-alt Forward"), so it is matched at the end.
 */
const menuItem = (page: Page, name: string) =>
  page
    .locator(".ant-dropdown:not(.ant-dropdown-hidden)")
    .getByRole("menuitem", {
      name: new RegExp(
        `(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`,
      ),
    });

/**
 * Opens a message's menu with a right click on its text, and picks an entry. A list still
 * settling (rows measured, read marks) may swallow the first click: it is tried again.
 */
/** Waits until no menu is open (a closing one fades out first). */
async function menusClosed(page: Page) {
  await expect
    .poll(() => page.locator(".ant-dropdown:not(.ant-dropdown-hidden)").count())
    .toBe(0);
}

async function openMenu(page: Page, text: string, entry: string) {
  await menusClosed(page);
  const item = menuItem(page, entry);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await bubbles(page)
      .filter({ hasText: text })
      .last()
      .getByText(text, { exact: true })
      .click({ button: "right" });
    try {
      await item.waitFor({ timeout: 2_000 });
      break;
    } catch {
      await page.keyboard.press("Escape");
    }
  }
  return item;
}

/**
 * Picks a menu entry. On a busy machine a menu may close under the pointer while it is
 * still opening (its row drawn again): it is opened again and the entry chosen again.
 */
async function fromMenu(page: Page, text: string, entry: string) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const item = await openMenu(page, text, entry);
    try {
      await item.click({ timeout: 3_000 });
      return;
    } catch {
      await page.keyboard.press("Escape");
    }
  }
  throw new Error(`the menu entry "${entry}" could not be chosen`);
}

/** A picture once dialogs and popups have stopped moving (harness.ts). */
const shot = settledShot;

const unique = () => randomBytes(3).toString("hex");

describe("the message menu", () => {
  it("withdraws and re-edits, quotes and jumps, copies, saves, deletes", async () => {
    const s = unique();
    const ann = await apiUser(url(), `ann${s}`, "Ann Archer");
    const bob = await apiUser(url(), `bob${s}`, "Bob Baker");
    // Tall rows around the original, each drawn collapsed: a jump measures them only
    // on its way, and must still land on the original (it once stopped short).
    const long = (topic: string) =>
      `${topic}: ${"a long paragraph of the plan. ".repeat(60)}`;
    for (const topic of ["Budget", "Staffing", "Timeline", "Risks"])
      await send(bob, ann.id, long(topic));
    const original = await send(bob, ann.id, long("The plan is ready"));
    for (let i = 1; i <= 30; i += 1) await send(bob, ann.id, `Update ${i}`);
    await send(bob, ann.id, "Did you read the plan?", {
      pid: original.msg_id,
    });

    // Read already: the chat opens at its newest message.
    await history(ann, bob.id);
    const { context, page, errors } = await newContext(
      setup.browser(),
      "en-US",
    );
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await logIn(page, url(), `ann${s}`);
    await openChat(page, "Bob Baker");
    await realtimeBound(page);

    // The reply shows what it quotes; a click loads older pages and shows the original.
    const reply = bubbles(page).filter({ hasText: "Did you read the plan?" });
    const quote = reply.getByTestId("quote");
    await quote.getByText("The plan is ready").waitFor();
    await quote.click();
    // The original itself, not the reply that quotes it.
    const target = bubbles(page).filter({
      hasText: "The plan is ready",
      hasNot: page.getByTestId("quote"),
    });
    await target.waitFor();
    await expect.poll(() => target.isVisible()).toBe(true);
    await expect
      .poll(() =>
        target.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);

    // My own message: withdrawn within two minutes, then re-edited.
    const editor = page.getByLabel("Message", { exact: true });
    await editor.fill("Teh meeting is at 10");
    await editor.press("Enter");
    await bubbles(page).filter({ hasText: "Teh meeting is at 10" }).waitFor();
    const withdraw = await openMenu(page, "Teh meeting is at 10", "Withdraw");
    await shot(page, "message-menu-en");
    await withdraw
      .click({ timeout: 3_000 })
      .catch(() => fromMenu(page, "Teh meeting is at 10", "Withdraw"));
    const line = page
      .getByTestId("event-line")
      .filter({ hasText: "You withdrew a message" });
    await line.waitFor();
    await expect
      .poll(async () => (await history(bob, ann.id)).at(-1)?.content)
      .toBe("对方撤回了一条消息");
    expect(
      (await history(bob, ann.id)).some((m) =>
        m.content.includes("Teh meeting"),
      ),
    ).toBe(false);
    await shot(page, "message-withdrawn-en");
    await line.getByRole("button", { name: "Re-edit" }).click();
    await expect.poll(() => editor.inputValue()).toBe("Teh meeting is at 10");
    await editor.fill("The meeting is at 10");
    await editor.press("Enter");
    await bubbles(page).filter({ hasText: "The meeting is at 10" }).waitFor();

    // Bob withdraws one of his: it changes live in Ann's chat.
    const gone = await send(bob, ann.id, "Oops, wrong chat");
    await bubbles(page).filter({ hasText: "Oops, wrong chat" }).waitFor();
    const undone = await api(
      url(),
      "/enterprise/im/undoMessage",
      { id: gone.id },
      bob.token,
    );
    expect(undone.code).toBe(0);
    await page
      .getByTestId("event-line")
      .filter({ hasText: "Bob Baker withdrew a message" })
      .waitFor();
    await expect
      .poll(() => bubbles(page).filter({ hasText: "Oops, wrong chat" }).count())
      .toBe(0);

    // Quote: the bar above the editor, then the reply carries it.
    await fromMenu(page, "Update 30", "Quote");
    await page.getByTestId("quote-bar").getByText("Update 30").waitFor();
    await shot(page, "message-quote-bar-en");
    await editor.fill("Thanks for the update");
    await editor.press("Enter");
    const mine = bubbles(page).filter({ hasText: "Thanks for the update" });
    await mine.getByTestId("quote").getByText("Update 30").waitFor();
    await expect.poll(() => page.getByTestId("quote-bar").count()).toBe(0);

    // Copy: the text on the clipboard.
    await fromMenu(page, "Update 29", "Copy");
    await page.getByText("Copied successfully!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "Update 29",
    );

    // Favourite, found again in Favourites, then removed there.
    await fromMenu(page, "Update 28", "Add to favourites");
    await page.getByText("Added to favourites").waitFor();
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("button", { name: "Favourites", exact: true })
      .click();
    await page.getByText("Update 28").waitFor();
    await shot(page, "favourites-en");
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("button", { name: "Messages", exact: true })
      .click();
    await openChat(page, "Bob Baker");

    // Delete for everyone (my own), and for me (Bob's).
    await fromMenu(page, "The meeting is at 10", "Delete for everyone");
    await page
      .getByRole("dialog")
      .getByRole("button", { name: "Delete for everyone" })
      .click();
    await expect
      .poll(() =>
        bubbles(page).filter({ hasText: "The meeting is at 10" }).count(),
      )
      .toBe(0);
    await expect
      .poll(async () =>
        (await history(bob, ann.id)).some(
          (m) => m.content === "The meeting is at 10",
        ),
      )
      .toBe(false);
    await fromMenu(page, "Update 27", "Delete for me");
    await expect
      .poll(() =>
        bubbles(page)
          .filter({ hasText: /^Update 27$/ })
          .count(),
      )
      .toBe(0);
    expect(
      (await history(bob, ann.id)).some((m) => m.content === "Update 27"),
    ).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("forwards to five chats and refuses a sixth", async () => {
    const s = unique();
    const ann = await apiUser(url(), `fwd${s}`, "Ann Forward");
    const friends = [];
    for (let i = 1; i <= 6; i += 1) {
      const friend = await apiUser(url(), `fr${i}${s}`, `Friend ${i} ${s}`);
      await send(friend, ann.id, `Hi from friend ${i}`);
      friends.push(friend);
    }
    const { context, page, errors } = await newContext(
      setup.browser(),
      "en-US",
    );
    await logIn(page, url(), `fwd${s}`);
    await openChat(page, `Friend 1 ${s}`);
    const choose = async (count: number) => {
      await fromMenu(page, "Hi from friend 1", "Forward");
      const dialog = page.getByRole("dialog", { name: "Forward to" });
      await dialog.waitFor();
      for (let i = 1; i <= count; i += 1)
        await dialog.getByText(`Friend ${i} ${s}`, { exact: true }).click();
      await dialog.getByRole("button", { name: "Add to selected" }).click();
      await dialog.getByRole("button", { name: "Confirm" }).click();
      return dialog;
    };
    const refused = await choose(6);
    await refused
      .getByText("The number of people forwarded cannot exceed 5!")
      .waitFor();
    await shot(page, "message-forward-refused-en");
    await refused.getByRole("button", { name: "Cancel" }).click();
    await refused.waitFor({ state: "hidden" });
    await choose(5);
    await page.getByText("Sent successfully").waitFor();
    // Friend 1 holds his own message and Ann's copy; 2 to 5 a copy; 6 nothing.
    const copies = [];
    for (const friend of friends)
      copies.push(
        (await history(friend, ann.id)).filter(
          (m) => m.content === "Hi from friend 1",
        ).length,
      );
    expect(copies).toEqual([2, 1, 1, 1, 1, 0]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("one user on two browsers", () => {
  it("pins, mutes and keeps a draft across them; a background tab is notified", async () => {
    const s = unique();
    const me = await apiUser(url(), `two${s}`, "双端用户");
    const bob = await apiUser(url(), `peer${s}`, "Bob 同事");
    const carol = await apiUser(url(), `carol${s}`, "Carol 客户");
    await send(bob, me.id, "你好，会议改到三点");
    await send(carol, me.id, "合同已经发给你了");

    // Notifications: the whole Chromium for both browsers (harness.ts).
    // Closed at the end, not in a hook: a failure's pictures are taken after the test.
    const chromium = await launchFullChromium();
    const first = await newContext(chromium, "zh-CN");
    const second = await newContext(chromium, "zh-CN");
    await first.context.grantPermissions(["notifications"]);
    // Notifications shown are recorded, and the tab can be sent to the background.
    await first.context.addInitScript(() => {
      const w = window as unknown as {
        __shown: string[];
        __hidden: boolean;
      };
      w.__shown = [];
      w.__hidden = false;
      const Real = window.Notification;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          w.__shown.push(`${title}|${options?.body ?? ""}`);
        }
      }
      Object.defineProperty(window, "Notification", { value: Recorded });
      Object.defineProperty(document, "visibilityState", {
        get: () => (w.__hidden ? "hidden" : "visible"),
      });
    });
    await logIn(first.page, url(), `two${s}`, "zh");
    await logIn(second.page, url(), `two${s}`, "zh");
    await realtimeBound(first.page);
    await realtimeBound(second.page);

    // Pin Carol's chat in the first browser: the second shows it pinned, on top.
    await first.page
      .getByTestId("contact")
      .filter({ hasText: "Carol 客户" })
      .click({ button: "right" });
    await menuItem(first.page, "置顶").click();
    await menusClosed(first.page);
    const secondRows = second.page.getByTestId("contact");
    await expect
      .poll(() => secondRows.first().textContent())
      .toContain("Carol 客户");
    await secondRows
      .filter({ hasText: "Carol 客户" })
      .getByLabel("已置顶")
      .waitFor();

    // Do-not-disturb on Bob's chat, seen in the second browser.
    await first.page
      .getByTestId("contact")
      .filter({ hasText: "Bob 同事" })
      .click({ button: "right" });
    await menuItem(first.page, "消息免打扰").click();
    await secondRows
      .filter({ hasText: "Bob 同事" })
      .getByLabel("免打扰")
      .waitFor();

    // A draft typed in the first browser waits in the second.
    await openChat(first.page, "Bob 同事");
    await first.page
      .getByRole("textbox", { name: "消息内容", exact: true })
      .fill("明天见，带上合同");
    await openChat(first.page, "Carol 客户");
    await secondRows
      .filter({ hasText: "Bob 同事" })
      .getByText("明天见，带上合同")
      .waitFor();
    await shot(second.page, "chat-list-pinned-muted-draft-zh");
    await openChat(second.page, "Bob 同事");
    await expect
      .poll(() =>
        second.page
          .getByRole("textbox", { name: "消息内容", exact: true })
          .inputValue(),
      )
      .toBe("明天见，带上合同");

    // The second browser goes: with Bob's chat open there, his messages were read at once.
    expect(second.errors).toEqual([]);
    await second.context.close();

    // In the background: Carol's message is a notification; muted Bob's is not.
    await first.page.evaluate(() => {
      (window as unknown as { __hidden: boolean }).__hidden = true;
    });
    await send(bob, me.id, "这条不该打扰你");
    await send(carol, me.id, "请确认收到");
    await expect
      .poll(() =>
        first.page.evaluate(
          () => (window as unknown as { __shown: string[] }).__shown,
        ),
      )
      .toEqual(["Carol 客户|请确认收到"]);
    // Muted Bob's news is a dot on his row, not a count.
    const bobRow = first.page
      .getByTestId("contact")
      .filter({ hasText: "Bob 同事" });
    await bobRow.locator('[title="免打扰的聊天有新消息"]').waitFor();
    expect(await bobRow.locator('[data-badge="dot"]').count()).toBe(1);
    await shot(first.page, "chat-list-muted-news-zh");

    expect(first.errors).toEqual([]);
    await first.context.close();
    await chromium.close();
    // The other user's session is untouched by all this.
    await apiLogin(url(), `peer${s}`);
  });
});

/** A small PNG made in the page (no file on disk), sent as a picture over the wire. */
async function uploadPicture(
  page: Page,
  from: { token: string },
  to: number,
): Promise<void> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext("2d");
    if (g) {
      g.fillStyle = "#1f6feb";
      g.fillRect(0, 0, 64, 48);
    }
    return canvas.toDataURL("image/png").split(",")[1] ?? "";
  });
  const form = new FormData();
  form.append(
    "message",
    JSON.stringify({ id: randomUUID(), type: "image", toContactId: to }),
  );
  form.append(
    "file",
    new Blob([Buffer.from(base64, "base64")], { type: "image/png" }),
    "蓝色.png",
  );
  const res = await fetch(`${url()}/common/upload/uploadFile`, {
    method: "POST",
    headers: { Authorization: from.token },
    body: form,
  });
  const answer = (await res.json()) as { code: number };
  if (answer.code !== 0) throw new Error("could not upload the picture");
}

describe("the history search panel", () => {
  it("finds by Chinese keyword and by type, and shows the picked message in the chat", async () => {
    const s = unique();
    const me = await apiUser(url(), `hist${s}`, "历史查看者");
    const bob = await apiUser(url(), `hb${s}`, "Bob 项目经理");
    await send(bob, me.id, "项目计划已经完成，请查看");
    for (let i = 1; i <= 15; i += 1) await send(bob, me.id, `进度更新 ${i}`);
    await send(bob, me.id, "The project plan is final");
    const { context, page, errors } = await newContext(
      setup.browser(),
      "zh-CN",
    );
    await uploadPicture(page, bob, me.id);
    await history(me, bob.id);
    await logIn(page, url(), `hist${s}`, "zh");
    await openChat(page, "Bob 项目经理");

    // The message menu in Chinese.
    await openMenu(page, "The project plan is final", "引用");
    await shot(page, "message-menu-zh");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "聊天记录" }).click();
    const panel = page.getByRole("dialog", { name: "聊天记录" });
    await panel.waitFor();
    const search = panel.getByLabel("搜索本聊天的消息", { exact: true });
    await search.fill("计划");
    await search.press("Enter");
    const entries = panel.getByTestId("history-entry");
    await expect.poll(() => entries.count()).toBe(1);
    await entries.getByText("项目计划已经完成，请查看").waitFor();
    await shot(page, "history-search-zh");

    // Pictures: the tab lists the one picture sent.
    await search.fill("");
    await search.press("Enter");
    await panel.getByRole("tab", { name: "图片" }).click();
    const thumbs = panel.getByRole("button", { name: /^Bob 项目经理/ });
    await expect.poll(() => thumbs.count()).toBe(1);
    await shot(page, "history-pictures-zh");
    // Enlarged, captioned with who sent it and when.
    await thumbs.click();
    await page
      .getByTestId("picture-caption")
      .getByText("Bob 项目经理")
      .waitFor();
    await shot(page, "history-picture-preview-zh");
    await page.keyboard.press("Escape");
    await page.getByTestId("picture-caption").waitFor({ state: "hidden" });

    // Picking a text result shows it in the chat, which loads older pages to reach it.
    await panel.getByRole("tab", { name: "文本" }).click();
    await search.fill("计划");
    await search.press("Enter");
    await entries.first().getByRole("button", { name: "在聊天中查看" }).click();
    const found = bubbles(page).filter({ hasText: "项目计划已经完成，请查看" });
    await found.waitFor();
    await expect
      .poll(() =>
        found.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);

    // At 900 px and on a phone.
    for (const [width, height] of [
      [900, 760],
      [390, 844],
    ] as const) {
      await resize(page, { width, height });
      await page.getByRole("button", { name: "聊天记录" }).click();
      await panel.waitFor();
      await shot(page, `history-panel-zh-${width}`);
      await panel.getByRole("button", { name: "关闭" }).click();
      await panel.waitFor({ state: "hidden" });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("an installable web app", () => {
  it("has a manifest with its icons, and its shell starts without the network", async () => {
    const { context, page, errors } = await newContext(
      setup.browser(),
      "en-US",
    );
    await page.goto(`${url()}/#/login`);
    await page.getByRole("button", { name: "Log in" }).waitFor();
    const href = await page
      .locator('link[rel="manifest"]')
      .getAttribute("href");
    const manifest = (await (await fetch(`${url()}${href ?? ""}`)).json()) as {
      icons: { sizes: string }[];
      display: string;
    };
    expect(manifest.display).toBe("standalone");
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    // The worker is ready and has kept what the page loaded.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open("parley-shell-v1");
          return (await cache.keys()).filter((r) =>
            new URL(r.url).pathname.startsWith("/assets/"),
          ).length;
        }),
      )
      .toBeGreaterThan(0);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("button", { name: "Log in" }).waitFor();
    await context.setOffline(false);
    // Offline, the failed calls are the app's to show: nothing crashed.
    expect(errors).toEqual([]);
    await context.close();
  });
});
