import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  adminConsole,
  api,
  apiLogin,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  resize,
  settledShot,
} from "./harness";

/*
 * Issue 48, bot accounts: an administrator adds a bot in the console (its token shown
 * once), a group's owner adds the bot to the group, the bot posts with its token, and a
 * member sees the message marked as a bot's; a new token stops the old one.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

describe("bot accounts", () => {
  it("are added in the console, post with their token, and are marked (en 1280, zh 390)", async () => {
    const suffix = randomBytes(2).toString("hex");
    const page = await adminConsole(setup.browser(), url(), "en-US", "bot");
    await page.getByText("No bots yet").waitFor();
    await settledShot(page, "bots-empty-en-1280");
    await page.getByRole("button", { name: "Add bot" }).click();
    const add = page.getByRole("dialog", { name: "Add a bot" });
    await add.getByLabel("Name").fill("Deploy bot");
    await add
      .getByLabel("What it does")
      .fill("Posts each deploy to the team's group");
    await add.getByRole("button", { name: "Add bot" }).click();
    const shown = page.getByRole("dialog", { name: "Token of Deploy bot" });
    await shown.getByText("it is shown only this once").waitFor();
    const token =
      (await shown.locator("code").first().textContent())?.trim() ?? "";
    expect(token.length).toBeGreaterThan(20);
    await settledShot(page, "bots-token-en-1280");
    await shown.getByRole("button", { name: "Done" }).click();
    await page
      .getByRole("cell", { name: /^Deploy bot/ })
      .first()
      .waitFor();
    // Its picture, uploaded from the list: drawn by the server, shown in the row.
    const chooser = page.waitForEvent("filechooser");
    await page
      .getByRole("button", { name: "Change Deploy bot's picture" })
      .click();
    await (
      await chooser
    ).setFiles({
      name: "bot.png",
      mimeType: "image/png",
      buffer: await sharp({
        create: { width: 320, height: 200, channels: 3, background: "#2f7d4f" },
      })
        .png()
        .toBuffer(),
    });
    await page.getByText("Deploy bot has a new picture.").waitFor();
    await page
      .getByRole("cell", { name: /^Deploy bot/ })
      .first()
      .locator("img[src*='/storage/avatar/']")
      .waitFor();
    await settledShot(page, "bots-list-en-1280");

    // The bot joins a group and posts with its token.
    const admin = await apiLogin(url(), "admin", "admin-pass1");
    const listed = await api(url(), "/manage/Bot/index", {}, admin.token);
    const botId =
      (listed.data as { user_id: number; name: string }[]).find(
        (b) => b.name === "Deploy bot",
      )?.user_id ?? 0;
    const ask = (bearer: string) =>
      api(
        url(),
        "/enterprise/im/getUserInfo",
        { user_id: botId },
        `Bearer ${bearer}`,
      );
    expect((await ask(token)).data).toMatchObject({
      user_id: botId,
      is_bot: 1,
    });
    const lin = await apiUser(url(), `lin${suffix}`, "林静");
    const bob = await apiUser(url(), `bob${suffix}`, "Bob");
    const made = await api(
      url(),
      "/enterprise/group/add",
      { name: "发布通知", user_ids: [bob.id, botId] },
      lin.token,
    );
    expect(made.code, JSON.stringify(made)).toBe(0);
    const group = (made.data as { id: string }).id;
    const sent = await api(
      url(),
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        toContactId: group,
        content: "v1.2 已上线 🚀",
      },
      `Bearer ${token}`,
    );
    expect(sent.code).toBe(0);

    const { page: phone } = await newContext(setup.browser(), "zh-CN");
    await resize(phone, { width: 390, height: 800 });
    await logIn(phone, url(), `lin${suffix}`, "zh");
    await phone.getByText("发布通知").first().click();
    await bubbles(phone).filter({ hasText: "v1.2 已上线" }).waitFor();
    await phone.getByText("机器人", { exact: true }).first().waitFor();
    await settledShot(phone, "bot-message-zh-390");
    // The bot's card, from its avatar in the chat: marked as a bot.
    await bubbles(phone)
      .filter({ hasText: "v1.2 已上线" })
      .getByRole("button")
      .first()
      .click();
    await phone
      .getByRole("dialog")
      .getByText("机器人", { exact: true })
      .waitFor();
    await settledShot(phone, "bot-card-zh-390");
    await phone.keyboard.press("Escape");
    // The console's users list marks it too.
    await page.goto(`${url()}/#/manage/user`);
    await page.getByText("Deploy bot").first().waitFor();
    await settledShot(page, "bot-in-users-en-1280");
    await page.goto(`${url()}/#/manage/bot`);

    // A new token: the old one stops at once.
    await page.getByRole("button", { name: "New token" }).click();
    await page.getByRole("button", { name: "New token" }).last().click();
    const renewed = page.getByRole("dialog", { name: "Token of Deploy bot" });
    const fresh =
      (await renewed.locator("code").first().textContent())?.trim() ?? "";
    expect(fresh).not.toBe(token);
    expect((await ask(token)).code).not.toBe(0);
    expect((await ask(fresh)).code).toBe(0);
  });
});
