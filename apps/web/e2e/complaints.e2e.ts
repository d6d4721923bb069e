import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  adminConsole,
  apiSend,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  realtimeBound,
  settled,
  settledShot,
} from "./harness";
import { openSettings } from "./settings-helpers";

/*
 * Issue 12 on the web: complaints. A user reports a message from its menu with a reason
 * and words; the administrator finds it waiting on the console's complaints page, with what
 * the message said, and marks it handled with a note. The dialog and the page are
 * photographed in English and Chinese.
 */
const { product, browser } = productAndBrowser();
const url = () => product().url;

/** Right-clicks a message until its menu shows the entry, then picks it. */
async function pickFromMenu(page: Page, text: string, entry: RegExp) {
  const item = page
    .locator(".ant-dropdown:not(.ant-dropdown-hidden)")
    .getByRole("menuitem", { name: entry });
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
  await item.click();
}

const dialog = (page: Page) =>
  page.locator(".ant-modal-wrap:not([style*='display: none']) .ant-modal");

describe("complaints in the web client", () => {
  it("a user reports a message; the administrator marks it handled", async () => {
    const suffix = randomUUID().slice(0, 6);
    const spammer = await apiUser(url(), `spam${suffix}`, "Sam Spammer");
    const victim = await apiUser(url(), `vic${suffix}`, "Vera Victim");
    await apiSend(url(), spammer, victim, "Cheap watches, click here");

    const { page: v } = await newContext(browser(), "en-US");
    await logIn(v, url(), `vic${suffix}`);
    await realtimeBound(v);
    await v.getByTestId("contact").filter({ hasText: "Sam Spammer" }).click();
    await bubbles(v).filter({ hasText: "Cheap watches" }).waitFor();
    await pickFromMenu(v, "Cheap watches, click here", /Report$/);
    const d = dialog(v);
    await d.getByText("Report a message from Sam Spammer").waitFor();
    // A reason is needed before anything is sent.
    await d.getByRole("button", { name: "Send report" }).click();
    await d.getByText("Choose a reason").waitFor();
    await d.getByText("Spam or adverts").click();
    await d
      .getByLabel("What happened (optional)")
      .fill("Sends adverts every hour.");
    await settledShot(v, "report-dialog-en");
    await d.getByRole("button", { name: "Send report" }).click();
    await v
      .getByText("Thank you: an administrator will look into it")
      .waitFor();

    // The console: waiting, with what the message said.
    const a = await adminConsole(browser(), url(), "en-US", "opinion");
    const row = a
      .locator(".ant-table-row")
      .filter({ hasText: "Cheap watches, click here" });
    await row.waitFor();
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("Sam Spammer to Vera Victim");
    expect(text).toContain("Spam or adverts");
    expect(text).toContain("Sends adverts every hour.");
    expect(text).toContain("Waiting");
    await settledShot(a, "console-complaints-en");
    await row.getByRole("button", { name: "Handled" }).click();
    await dialog(a).getByLabel("Note").fill("Message masked, user warned");
    await dialog(a).getByRole("button", { name: "Handled" }).click();
    // Handled: no longer among the waiting ones; listed as handled with the note.
    await a
      .getByText("Nothing waiting: no open reports or suggestions")
      .waitFor();
    await a.locator(".ant-segmented").getByText("Handled").click();
    const handled = a
      .locator(".ant-table-row")
      .filter({ hasText: "Cheap watches, click here" });
    await handled.getByText("Message masked, user warned").waitFor();

    // In Chinese: the reporter's dialog from a user card, and the console page.
    const { page: z } = await newContext(browser(), "zh-CN");
    await logIn(z, url(), `vic${suffix}`, "zh");
    await realtimeBound(z);
    await z.getByTestId("contact").filter({ hasText: "Sam Spammer" }).click();
    await bubbles(z).filter({ hasText: "Cheap watches" }).waitFor();
    await pickFromMenu(z, "Cheap watches, click here", /举报$/);
    await dialog(z).getByText("举报 Sam Spammer 的消息").waitFor();
    await settledShot(z, "report-dialog-zh");
    const za = await adminConsole(browser(), url(), "zh-CN", "opinion");
    await za.locator(".ant-segmented").getByText("全部").click();
    await za
      .locator(".ant-table-row")
      .filter({ hasText: "Cheap watches" })
      .waitFor();
    await settledShot(za, "console-complaints-zh");
  });

  it("a user sends a suggestion from Settings; the console lists it", async () => {
    const suffix = randomUUID().slice(0, 6);
    await apiUser(url(), `idea${suffix}`, "Ida Ideas");
    const { page: u } = await newContext(browser(), "en-US");
    await logIn(u, url(), `idea${suffix}`);
    const settings = await openSettings(u, "en");
    await settings.getByRole("button", { name: "Send a suggestion" }).click();
    const d = u.getByRole("dialog", { name: "Send a suggestion" });
    await d
      .getByText("Tell the administrators what would make this better.", {
        exact: false,
      })
      .waitFor();
    await settled(u);
    await d.getByRole("button", { name: "Send", exact: true }).click();
    await d
      .getByRole("alert")
      .filter({ hasText: "Write your suggestion" })
      .waitFor();
    await d
      .getByRole("textbox", { name: "Send a suggestion" })
      .fill(`Please add a dark console ${suffix}`);
    await settledShot(u, "suggestion-dialog-en");
    await d.getByRole("button", { name: "Send", exact: true }).click();
    await u
      .getByText(
        "Thank you for the suggestion: the administrators will read it",
      )
      .waitFor();

    const a = await adminConsole(browser(), url(), "en-US", "opinion");
    await a.getByLabel("What was reported").click();
    await a
      .locator(".ant-select-item-option")
      .filter({ hasText: "Suggestion" })
      .click();
    const row = a
      .locator(".ant-table-row")
      .filter({ hasText: `Please add a dark console ${suffix}` });
    await row.waitFor();
    expect(await row.textContent()).toContain("Ida Ideas");
    await settledShot(a, "console-suggestions-en");
  });
});
