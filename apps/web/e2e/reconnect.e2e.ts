import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  bubbles,
  newContext,
  productAndBrowser,
  screenshot,
  signUp,
} from "./harness";

/*
 * Issue 15, fault 1: never stuck offline. The server is down past SPEC's two quick retries
 * and a retry after the banner, and comes back; a message sent to Bob then appears on his
 * screen without a reload, because his client kept trying after the banner.
 */
const setup = productAndBrowser();

const banner = (page: Page) =>
  page.getByText(
    "Connection lost. New messages will appear as soon as it's back.",
  );

describe("a client whose server went away for a while", () => {
  it("keeps retrying after the banner and shows a message sent after the restart, without a reload", async () => {
    const suffix = randomBytes(3).toString("hex");
    const alice = await newContext(setup.browser(), "en-US");
    const bob = await newContext(setup.browser(), "en-US");
    await signUp(alice.page, setup.product().url, `alice${suffix}`, "Alice");
    await signUp(bob.page, setup.product().url, `bob${suffix}`, "Bob");
    await alice.page
      .getByRole("button", { name: "Contacts", exact: true })
      .click();
    await alice.page.getByTestId("contact").filter({ hasText: "Bob" }).click();
    const editor = alice.page.getByLabel("Message", { exact: true });
    await editor.fill("Before the outage");
    await editor.press("Enter");
    await bob.page
      .getByTestId("contact")
      .filter({ hasText: "Alice" })
      .getByText("Before the outage")
      .waitFor();
    await bob.page.getByTestId("contact").filter({ hasText: "Alice" }).click();
    const presence = bob.page.locator("header [data-presence]");
    await presence.waitFor();

    // Every socket Bob's page opens, refused ones included.
    const tries: number[] = [];
    bob.page.on("websocket", () => tries.push(Date.now()));
    await setup.product().stop();
    await banner(bob.page).waitFor({ timeout: 30_000 });
    const bannerAt = Date.now();
    // Offline, Alice's presence is unknown: no stale dot in the title.
    expect(await presence.count()).toBe(0);
    // The server stays away past the two quick retries and into the growing delays: the
    // client tries again after the banner (and fails), the banner staying up meanwhile.
    await expect
      .poll(() => tries.filter((at) => at > bannerAt).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await banner(bob.page).waitFor();
    await screenshot(bob.page, "reconnect-down-en");
    await setup.product().start();

    await editor.fill("After the outage");
    await editor.press("Enter");
    await bubbles(bob.page)
      .filter({ hasText: "After the outage" })
      .waitFor({ timeout: 90_000 });
    await banner(bob.page).waitFor({ state: "hidden" });
    await presence.waitFor();
    await screenshot(bob.page, "reconnect-back-en");
    await alice.context.close();
    await bob.context.close();
  }, 240_000);
});
