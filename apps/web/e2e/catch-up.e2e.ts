import { randomBytes } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  api,
  apiSend,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  screenshot,
  resize,
} from "./harness";

/*
 * Issue 15, faults 3 and 5: a chat with 120 unread opens at the first of them under a "new
 * messages" line; a sender's run is grouped, with times on hover; my own message always comes
 * into view; a message arriving while I read history shows a pill that jumps to it.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

const scroller = (page: Page) =>
  page.locator('[data-testid="virtuoso-scroller"]');

/** Whether the whole of a row is inside the visible part of the message list. */
async function inView(page: Page, row: Locator): Promise<boolean> {
  if ((await row.count()) === 0) return false;
  const box = await row.first().boundingBox();
  const view = await scroller(page).boundingBox();
  if (!box || !view) return false;
  return box.y >= view.y - 1 && box.y + box.height <= view.y + view.height + 1;
}

async function toTop(page: Page, start = "No earlier messages"): Promise<void> {
  // Older pages load as the top is reached; keep going until the first message shows.
  await expect
    .poll(async () => {
      await scroller(page).evaluate((el) => {
        el.scrollTop = 0;
      });
      return page.getByText(start).count();
    })
    .toBe(1);
}

describe("catching up in a busy chat", () => {
  it("opens at the first unread, groups runs, keeps my message in view, offers a pill", async () => {
    const suffix = randomBytes(3).toString("hex");
    const alice = await apiUser(url(), `alice${suffix}`, "Alice");
    const bob = await apiUser(url(), `bob${suffix}`, "Bob Builder");
    // Ten messages Alice has read, then 120 she has not.
    for (let i = 1; i <= 10; i += 1)
      await apiSend(url(), bob, alice, `read ${i}`);
    await api(
      url(),
      "/enterprise/im/getMessageList",
      { toContactId: bob.id, is_group: 0 },
      alice.token,
    );
    for (let i = 1; i <= 120; i += 1)
      await apiSend(url(), bob, alice, `unread ${i}`);

    const { context, page, errors } = await newContext(
      setup.browser(),
      "en-US",
    );
    await logIn(page, url(), `alice${suffix}`);
    await page
      .getByTestId("contact")
      .filter({ hasText: "Bob Builder" })
      .click();

    // The line is in view with the first unread message under it; the newest is not.
    const line = page
      .getByRole("separator")
      .filter({ hasText: "New messages" });
    await line.waitFor();
    const first = bubbles(page).filter({ hasText: /^.*unread 1$/m });
    await expect.poll(() => inView(page, line)).toBe(true);
    await expect.poll(() => inView(page, first)).toBe(true);
    expect(
      await inView(page, bubbles(page).filter({ hasText: "unread 120" })),
    ).toBe(false);
    // The run starts again under the line: one heading with Bob's name, the rest grouped.
    expect(await first.getAttribute("data-run-start")).toBe("");
    const second = bubbles(page).filter({ hasText: /unread 2$/m });
    expect(await second.getAttribute("data-run-start")).toBeNull();
    // The exact time is the row's title; the time of day shows beside a row under the pointer.
    expect(await second.getAttribute("title")).toMatch(/\d{2}:\d{2}:\d{2}/);
    const gutter = second.locator("time");
    expect(await gutter.isVisible()).toBe(false);
    await second.hover();
    expect(await gutter.isVisible()).toBe(true);
    await screenshot(page, "catch-up-en-unread-line");

    // Reading older history: a message from Bob shows a pill instead of moving the list.
    await toTop(page);
    await apiSend(url(), bob, alice, "while you were reading");
    const pill = page.getByRole("button", { name: "1 new message" });
    await pill.waitFor();
    const arrived = bubbles(page).filter({ hasText: "while you were reading" });
    expect(await inView(page, arrived)).toBe(false);
    await screenshot(page, "catch-up-en-new-pill");
    await pill.click();
    await expect.poll(() => inView(page, arrived)).toBe(true);
    await expect.poll(() => pill.count()).toBe(0);

    // Sending from the top of the history brings my own message into view.
    await toTop(page);
    const editor = page.getByLabel("Message", { exact: true });
    await editor.fill("my reply from the top");
    await editor.press("Enter");
    const mine = bubbles(page).filter({ hasText: "my reply from the top" });
    await expect.poll(() => inView(page, mine)).toBe(true);
    await mine.getByText(/Read|Unread/).waitFor();
    await expect.poll(() => inView(page, mine)).toBe(true);

    // Opened again with nothing unread: no line, and the list ends at the very bottom.
    await page.reload();
    await page
      .getByTestId("contact")
      .filter({ hasText: "Bob Builder" })
      .click();
    await mine.waitFor();
    await expect.poll(() => inView(page, mine)).toBe(true);
    await expect
      .poll(() =>
        scroller(page).evaluate(
          (el) => el.scrollHeight - el.scrollTop - el.clientHeight,
        ),
      )
      .toBeLessThan(2);
    expect(await line.count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the line and the pill in Chinese at 900 px", async () => {
    const suffix = randomBytes(3).toString("hex");
    const li = await apiUser(url(), `li${suffix}`, "李雷");
    const han = await apiUser(url(), `han${suffix}`, "韩梅梅");
    for (let i = 1; i <= 30; i += 1)
      await apiSend(url(), han, li, `第 ${i} 条消息`);
    const { context, page, errors } = await newContext(
      setup.browser(),
      "zh-CN",
    );
    await resize(page, { width: 900, height: 700 });
    await logIn(page, url(), `li${suffix}`, "zh");
    await page.getByTestId("contact").filter({ hasText: "韩梅梅" }).click();
    await page
      .getByRole("separator")
      .filter({ hasText: "以下为新消息" })
      .waitFor();
    await screenshot(page, "catch-up-zh-unread-line-900");
    await toTop(page, "没有更早的消息了");
    await apiSend(url(), han, li, "你在看历史消息吗？");
    await page.getByRole("button", { name: "1 条新消息" }).waitFor();
    await screenshot(page, "catch-up-zh-new-pill-900");
    expect(errors).toEqual([]);
    await context.close();
  });
});
