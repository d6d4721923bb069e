import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  resize,
  settledShot,
} from "./harness";

/*
 * Issue 48, incoming webhooks: a group's owner adds one in the group's settings (its
 * address shown once), a tool posts Slack's payload to it while two people watch, and the
 * message reaches both live, from the hook's bot; the delivery is in the hook's log.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

describe("incoming webhooks", () => {
  it("post into a group while two people watch (en 1280, zh 390)", async () => {
    const suffix = randomBytes(2).toString("hex");
    const olga = await apiUser(url(), `olga${suffix}`, "Olga");
    const lin = await apiUser(url(), `lin${suffix}`, "林静");
    const max = await apiUser(url(), `max${suffix}`, "Max");
    const made = await fetch(`${url()}/enterprise/group/add`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: olga.token,
      },
      body: JSON.stringify({ name: "Releases", user_ids: [lin.id, max.id] }),
    });
    expect(((await made.json()) as { code: number }).code).toBe(0);

    const { page: owner } = await newContext(setup.browser(), "en-US");
    await logIn(owner, url(), `olga${suffix}`, "en");
    await owner.getByText("Releases").first().click();
    await owner.getByRole("button", { name: "Group settings" }).click();
    const dialog = owner.getByRole("dialog", { name: "Group settings" });
    await dialog.getByText("No webhooks yet.").waitFor();
    await dialog.getByLabel("Webhook name").fill("CI");
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await dialog.getByText("CI is ready").waitFor();
    const address =
      (await dialog.locator("code").first().textContent())?.trim() ?? "";
    expect(address).toMatch(/\/hooks\/[\w-]{43}$/);
    await settledShot(owner, "webhooks-added-en-1280");
    await dialog
      .getByRole("button", { name: "Close", exact: true })
      .first()
      .click();

    const { page: phone } = await newContext(setup.browser(), "zh-CN");
    await resize(phone, { width: 390, height: 800 });
    await logIn(phone, url(), `lin${suffix}`, "zh");
    await phone.getByText("Releases").first().click();

    // A tool written for Slack posts to the address.
    const posted = await fetch(address, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "Build #42 passed on main ✅" }),
    });
    expect(await posted.text()).toBe("ok");
    for (const page of [owner, phone])
      await bubbles(page)
        .filter({ hasText: "Build #42 passed on main" })
        .waitFor();
    await phone.getByText("机器人", { exact: true }).first().waitFor();
    await settledShot(phone, "webhook-message-zh-390");

    await owner.getByRole("button", { name: "Group settings" }).click();
    await dialog.getByText(/^Posted /).waitFor();
    await settledShot(owner, "webhooks-log-en-1280");
    // A new address: the old one stops at once.
    await dialog
      .getByRole("button", { name: "New address for CI", exact: true })
      .click();
    await owner
      .getByRole("button", { name: "New address", exact: true })
      .click();
    await dialog.getByText("CI is ready").waitFor();
    const renewed =
      (await dialog.locator("code").first().textContent())?.trim() ?? "";
    expect(renewed).not.toBe(address);
    const old = await fetch(address, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "old address" }),
    });
    expect(old.status).toBe(404);
    await old.arrayBuffer();
  });
});
