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
 * Two people register in two browser profiles, log in, and chat live; the sender sees the
 * read mark; a send while the server is down shows failed and succeeds on click; a server
 * restart loses nothing on screen.
 */
const setup = productAndBrowser();

const registerAndLogin = (page: Page, account: string, name: string) =>
  signUp(page, setup.product().url, account, name);

async function send(page: Page, text: string): Promise<void> {
  const editor = page.getByLabel("Message", { exact: true });
  await editor.fill(text);
  await editor.press("Enter");
}

async function connected(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.body.innerText.includes("Connection lost."),
  );
}

describe("two people chatting in a real browser", () => {
  it("register, chat live, read marks, a send made during an outage goes by itself, a restart survived", async () => {
    const suffix = randomBytes(3).toString("hex");
    const alice = await newContext(setup.browser(), "en-US");
    const bob = await newContext(setup.browser(), "en-US");
    await registerAndLogin(alice.page, `alice${suffix}`, "Alice");
    await registerAndLogin(bob.page, `bob${suffix}`, "Bob");

    // Alice opens Bob from the directory and writes.
    await alice.page
      .getByRole("button", { name: "Contacts", exact: true })
      .click();
    await alice.page.getByTestId("contact").filter({ hasText: "Bob" }).click();
    await send(alice.page, "Hello Bob!");
    const first = bubbles(alice.page).filter({ hasText: "Hello Bob!" });
    await first.getByText("Unread").waitFor();

    // Bob sees the chat appear live with an unread badge, opens it, and Alice sees "Read".
    const chat = bob.page.getByTestId("contact").filter({ hasText: "Alice" });
    await chat.getByText("Hello Bob!").waitFor();
    await expect
      .poll(() => chat.locator('[data-badge="count"]').first().textContent())
      .toBe("1");
    await chat.click();
    await bubbles(bob.page).filter({ hasText: "Hello Bob!" }).waitFor();
    await first.getByText("Read").waitFor();

    await send(bob.page, "Hi Alice, 你好");
    await bubbles(alice.page).filter({ hasText: "Hi Alice, 你好" }).waitFor();
    // Bob switches the send shortcut: Enter now breaks the line, Ctrl+Enter sends.
    await bob.page.getByRole("button", { name: "Settings" }).click();
    await bob.page.getByRole("tab", { name: "General" }).click();
    // The choice is saved on the server first, then shown: click, and wait for "Saved".
    await bob.page
      .getByRole("radio", { name: "Ctrl+Enter to send, Enter for a new line" })
      .click();
    await bob.page.getByText("Saved").waitFor();
    await bob.page.keyboard.press("Escape");
    const bobEditor = bob.page.getByLabel("Message", { exact: true });
    await bobEditor.click();
    await bobEditor.pressSequentially("line one");
    await bobEditor.press("Enter");
    await bobEditor.pressSequentially("line two");
    expect(await bubbles(bob.page).count()).toBe(2);
    await bobEditor.press("Control+Enter");
    await bubbles(alice.page).filter({ hasText: "line two" }).waitFor();
    expect(
      await bubbles(alice.page).filter({ hasText: "line two" }).innerText(),
    ).toContain("line one\nline two");
    await screenshot(alice.page, "chat-en-alice");
    await screenshot(bob.page, "chat-en-bob");

    // The server goes away: Alice's send waits, and goes by itself once it is back
    // (issue 51 item 1: the outbox).
    await setup.product().stop();
    await send(alice.page, "Sent while the server was down");
    await bubbles(alice.page)
      .filter({ hasText: "Sent while the server was down" })
      .getByText("Waiting for connection")
      .waitFor();
    await screenshot(alice.page, "chat-en-waiting");
    await setup.product().start();
    await connected(alice.page);
    await bubbles(alice.page)
      .filter({ hasText: "Sent while the server was down" })
      .getByText(/Read|Unread/)
      .waitFor();
    await bubbles(bob.page)
      .filter({ hasText: "Sent while the server was down" })
      .waitFor();

    // Nothing was lost on either screen, and nothing doubled.
    for (const page of [alice.page, bob.page]) {
      await expect.poll(() => bubbles(page).count()).toBe(4);
      const texts = await bubbles(page).allInnerTexts();
      expect(texts.join("\n")).toContain("Hello Bob!");
      expect(texts.join("\n")).toContain("Hi Alice, 你好");
    }

    // Every character typed comes back on the other screen (issue 15, fault 2).
    const typed = `if a<b and c>d then use Vec<String> or <div> tags & "quotes" 'x'`;
    await send(alice.page, typed);
    const arrived = bubbles(bob.page).filter({ hasText: "Vec<String>" });
    await arrived.waitFor();
    expect(await arrived.innerText()).toContain(typed);
    await screenshot(bob.page, "chat-en-typed-text");

    // A web address arrives as a link that opens in a new tab; the rest stays text.
    await send(alice.page, "the plan: https://example.com/plan?v=2&x=1 ok");
    const link = bubbles(bob.page).getByRole("link", {
      name: "https://example.com/plan?v=2&x=1",
    });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(
      "https://example.com/plan?v=2&x=1",
    );
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    await screenshot(bob.page, "chat-en-link");

    // Nothing is cut silently (issue 15, fault 7): past the limit a counter and a reason,
    // and no send; a long message arrives collapsed, with "Show more".
    const aliceEditor = alice.page.getByLabel("Message", { exact: true });
    await aliceEditor.fill("x".repeat(2_100));
    await alice.page
      .getByText("Too long: remove 52 characters to send")
      .waitFor();
    expect(
      await alice.page
        .getByRole("status", { name: "Characters used" })
        .innerText(),
    ).toBe("2100 / 2048");
    expect(
      await alice.page
        .getByRole("button", { name: /^(send )?Send$/ })
        .isDisabled(),
    ).toBe(true);
    await screenshot(alice.page, "chat-en-too-long");
    await aliceEditor.fill("long ".repeat(300));
    await aliceEditor.press("Enter");
    const long = bubbles(bob.page).filter({ hasText: "long long" });
    await long.getByRole("button", { name: "Show more" }).click();
    await long.getByRole("button", { name: "Show less" }).waitFor();
    expect((await long.innerText()).length).toBeGreaterThan(1_400);

    expect([...alice.errors, ...bob.errors]).toEqual([]);
    await alice.context.close();
    await bob.context.close();
  });
});
