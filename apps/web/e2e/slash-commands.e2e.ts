import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminConsole,
  api,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  resize,
  settledShot,
} from "./harness";

/*
 * Issue 48, slash commands and outgoing webhooks: an administrator registers /deploy in
 * the console; in a group, typing `/` offers it, an ephemeral answer shows to the caller
 * alone, an in_channel answer reaches both people from the command's bot; the group's
 * owner adds an outgoing webhook in the group settings, and a message starting with its
 * trigger word is answered by the hook's bot while both watch.
 */

let tool: http.Server;
let toolHost = "";
const received: { path: string; body: string }[] = [];

beforeAll(async () => {
  tool = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path: req.url ?? "", body });
      res.writeHead(200, { "content-type": "application/json" });
      if (req.url === "/slash") {
        const text = new URLSearchParams(body).get("text") ?? "";
        res.end(
          JSON.stringify(
            text === "status"
              ? {
                  response_type: "ephemeral",
                  text: "main is at v2.4.1 · 3 deploys today",
                }
              : {
                  response_type: "in_channel",
                  text: `Deploying ${text} — started by the pipeline`,
                },
          ),
        );
      } else res.end(JSON.stringify({ text: "Build 42 queued (about 4 min)" }));
    });
  });
  await new Promise<void>((resolve) => tool.listen(0, "127.0.0.1", resolve));
  toolHost = `127.0.0.1:${String((tool.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  tool.closeAllConnections();
  await new Promise((resolve) => tool.close(resolve));
});
const setup = productAndBrowser(() => ({ HOOK_ALLOW_HOSTS: toolHost }));
const url = () => setup.product().url;

describe("slash commands and outgoing webhooks", () => {
  it("/deploy answers the caller alone or the whole group; an outgoing hook answers a trigger word (en 1280, zh 390)", async () => {
    const console = await adminConsole(setup.browser(), url(), "en-US", "bot");
    await console.getByText("No commands yet.", { exact: false }).waitFor();
    await console.getByRole("button", { name: "Add command" }).click();
    const add = console.getByRole("dialog", { name: "Add a slash command" });
    await add.getByLabel("Command").fill("deploy");
    await add.getByLabel("Address").fill(`http://${toolHost}/slash`);
    await add
      .getByLabel("Description")
      .fill("Deploy a branch, or ask its status");
    await add.getByRole("button", { name: "Add command" }).click();
    const ready = console.getByRole("dialog", { name: "/deploy is ready" });
    await ready.waitFor();
    await settledShot(console, "commands-token-en-1280");
    await ready.getByRole("button", { name: "Done" }).click();
    await console.getByText("/deploy", { exact: true }).waitFor();
    await settledShot(console, "commands-list-en-1280");

    const suffix = randomBytes(2).toString("hex");
    const olga = await apiUser(url(), `olga${suffix}`, "Olga");
    const lin = await apiUser(url(), `lin${suffix}`, "林静");
    const max = await apiUser(url(), `max${suffix}`, "Max");
    const made = await api(
      url(),
      "/enterprise/group/add",
      { name: "Releases", user_ids: [lin.id, max.id] },
      olga.token,
    );
    expect(made.code).toBe(0);

    const { page: owner } = await newContext(setup.browser(), "en-US");
    await logIn(owner, url(), `olga${suffix}`, "en");
    await owner.getByText("Releases").first().click();
    const { page: phone } = await newContext(setup.browser(), "zh-CN");
    await resize(phone, { width: 390, height: 800 });
    await logIn(phone, url(), `lin${suffix}`, "zh");
    await phone.getByText("Releases").first().click();

    // `/` offers the command; Tab takes it.
    const editor = owner.getByLabel("Message", { exact: true });
    await editor.fill("/de");
    const hints = owner.getByRole("listbox", { name: "Slash commands" });
    await hints.getByText("Deploy a branch, or ask its status").waitFor();
    await settledShot(owner, "command-hints-en-1280");
    await editor.press("Tab");
    await expect.poll(() => editor.inputValue()).toBe("/deploy ");
    await editor.pressSequentially("status");
    await editor.press("Enter");
    const note = owner.getByTestId("ephemeral-note");
    await note.getByText("main is at v2.4.1 · 3 deploys today").waitFor();
    await note.getByText("Only visible to you").waitFor();
    await settledShot(owner, "command-ephemeral-en-1280");
    expect(
      await bubbles(owner).filter({ hasText: "/deploy status" }).count(),
    ).toBe(0);

    await editor.fill("/deploy main");
    await editor.press("Enter");
    for (const page of [owner, phone])
      await bubbles(page)
        .filter({ hasText: "Deploying main — started by the pipeline" })
        .waitFor();
    expect(await phone.getByTestId("ephemeral-note").count()).toBe(0);
    await settledShot(phone, "command-in-channel-zh-390");

    // An outgoing webhook, added in the group's settings.
    await owner.getByRole("button", { name: "Group settings" }).click();
    const dialog = owner.getByRole("dialog", { name: "Group settings" });
    await dialog.getByText("Outgoing", { exact: true }).click();
    await dialog.getByLabel("Webhook name").fill("CI");
    await dialog.getByLabel("Address to POST to").fill(`http://${toolHost}/ci`);
    await dialog.getByLabel("Trigger words").fill("build, rebuild");
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await dialog.getByText("CI is ready").waitFor();
    await dialog.getByText(/Signing key/).waitFor();
    await settledShot(owner, "outgoing-hook-added-en-1280");
    await dialog
      .getByRole("button", { name: "Close", exact: true })
      .first()
      .click();

    const linEditor = phone.getByLabel("消息内容", { exact: true });
    await linEditor.fill("build 42 please");
    await linEditor.press("Enter");
    for (const page of [owner, phone])
      await bubbles(page)
        .filter({ hasText: "Build 42 queued (about 4 min)" })
        .waitFor();
    await settledShot(owner, "outgoing-hook-answer-en-1280");
    const ci = received.find((r) => r.path === "/ci");
    expect(JSON.parse(ci?.body ?? "{}")).toMatchObject({
      text: "build 42 please",
      trigger_word: "build",
      user_name: "林静",
    });
  });
});
