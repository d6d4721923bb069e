import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  adminConsole,
  apiUser,
  logIn,
  newContext,
  productAndBrowser,
  realtimeBound,
  settledShot,
  resize,
} from "./harness";

/*
 * Issue 12 on the web: system notices. The super administrator publishes a notice from the
 * console; a user's open chat gets the notices entry with its badge at once, opens it and
 * reads the card; an edit and a withdrawal reach the open entry live. The console page and
 * the user's entry are photographed in English and Chinese, at 900 and 390 px too.
 */
const { product, browser } = productAndBrowser();
const url = () => product().url;

const dialog = (page: Page) =>
  page.locator(".ant-modal-wrap:not([style*='display: none']) .ant-modal");

describe("system notices in the web client", () => {
  it("publish, receive live, read, edit and withdraw, in en and zh", async () => {
    const suffix = randomBytes(3).toString("hex");
    await apiUser(url(), `nina${suffix}`, "Nina Reader");

    // The user, signed in with the chat open: no notices yet, so no entry.
    const { page: u } = await newContext(browser(), "en-US");
    await logIn(u, url(), `nina${suffix}`);
    await realtimeBound(u);
    const entry = u
      .getByTestId("contact")
      .filter({ hasText: "System notices" });
    expect(await entry.count()).toBe(0);

    // The console page, empty, tells the administrator what it is for.
    const a = await adminConsole(browser(), url(), "en-US", "notice");
    await a.getByText("No notices yet").waitFor();
    await settledShot(a, "console-notices-empty-en");

    // The form checks the title before anything is sent.
    await a.getByRole("button", { name: /Publish a notice/ }).click();
    await dialog(a).waitFor();
    await dialog(a).getByRole("button", { name: "Publish" }).click();
    await dialog(a).getByText("Enter a title of 1 to 100 characters").waitFor();
    await dialog(a).getByLabel("Title").fill("Maintenance on Saturday");
    await dialog(a)
      .getByLabel("Notice")
      .fill(
        "The service pauses from 22:00 to 23:00.\nMessages sent meanwhile arrive afterwards.",
      );
    await settledShot(a, "console-notices-form-en");
    await dialog(a).getByRole("button", { name: "Publish" }).click();
    await a
      .locator(".ant-table-row")
      .filter({ hasText: "Maintenance on Saturday" })
      .waitFor();

    // The user's list gains the entry at once, with its badge.
    await entry.waitFor();
    await expect
      .poll(() => entry.locator('[data-badge="count"]').textContent())
      .toBe("1");
    await entry.click();
    const pane = u.getByRole("region", { name: "System notices" });
    const card = pane.getByTestId("notice");
    await card.filter({ hasText: "Maintenance on Saturday" }).waitFor();
    expect(await card.first().textContent()).toContain(
      "Messages sent meanwhile arrive afterwards.",
    );
    // Read: the badge is gone.
    await expect
      .poll(() => entry.locator('[data-badge="count"]').count())
      .toBe(0);
    await settledShot(u, "notices-entry-en");

    // An edit reaches the open entry live.
    await a
      .getByRole("button", { name: "Edit “Maintenance on Saturday”" })
      .click();
    await dialog(a).getByLabel("Title").fill("Maintenance on Sunday");
    await dialog(a).getByRole("button", { name: "Save" }).click();
    await card.filter({ hasText: "Maintenance on Sunday" }).waitFor();

    // A second notice arrives while the entry is open: it is read at once.
    await a.getByRole("button", { name: /Publish a notice/ }).click();
    await dialog(a).getByLabel("Title").fill("欢迎使用 Parley");
    await dialog(a).getByLabel("Notice").fill("新的群聊功能已经上线。");
    await dialog(a).getByRole("button", { name: "Publish" }).click();
    await card.filter({ hasText: "欢迎使用 Parley" }).waitFor();
    // Newest first.
    expect(await card.first().textContent()).toContain("欢迎使用 Parley");
    await settledShot(a, "console-notices-en");

    // Withdrawn: gone from the open entry.
    await a
      .getByRole("button", { name: "Withdraw “Maintenance on Sunday”" })
      .click();
    await a
      .locator(".ant-popover:not(.ant-popover-hidden)")
      .getByRole("button", { name: "Withdraw" })
      .click();
    await expect
      .poll(() => card.filter({ hasText: "Maintenance on Sunday" }).count())
      .toBe(0);
    expect(await card.count()).toBe(1);

    // The user's entry at 900 and 390 px.
    for (const width of [900, 390]) {
      await resize(u, { width, height: width === 390 ? 844 : 800 });
      if (width === 390 && !(await pane.isVisible())) await entry.click();
      await card.first().waitFor();
      await settledShot(u, `notices-entry-${width}-en`);
    }

    // In Chinese: the console page and a Chinese reader's entry.
    const z = await adminConsole(browser(), url(), "zh-CN", "notice");
    await z.getByText("欢迎使用 Parley").waitFor();
    await settledShot(z, "console-notices-zh");
    for (const width of [900, 390]) {
      await resize(z, { width, height: width === 390 ? 844 : 800 });
      await settledShot(z, `console-notices-${width}-zh`);
    }
    const { page: r } = await newContext(browser(), "zh-CN");
    await logIn(r, url(), `nina${suffix}`, "zh");
    await realtimeBound(r);
    await r.getByTestId("contact").filter({ hasText: "系统公告" }).click();
    await r
      .getByRole("region", { name: "系统公告" })
      .getByTestId("notice")
      .first()
      .waitFor();
    await settledShot(r, "notices-entry-zh");
  });
});
