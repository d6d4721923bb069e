import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  api,
  apiSend,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  resize,
  settledShot,
} from "./harness";

/*
 * Issue 45 item 3 in the browser: one search box (Ctrl+K, or the list's search button)
 * finds messages in every chat one can read, never in a group one is not in; the chips
 * narrow it; Enter jumps to the message in its chat; a public group found by name is
 * joined from there. English at 1280 and 900 px, Chinese on a phone.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

describe("the global search in the web client", () => {
  it("finds messages across chats, narrows by kind, jumps to one, and joins a public group; en 1280/900, zh 390", async () => {
    const suffix = randomBytes(3).toString("hex");
    const ann = await apiUser(url(), `angs${suffix}`, "Ann");
    const bob = await apiUser(url(), `bogs${suffix}`, "Bob 李");
    const cy = await apiUser(url(), `cygs${suffix}`, "Cy");
    const dan = await apiUser(url(), `dags${suffix}`, "Dan");
    const groupOf = async (
      owner: { token: string },
      name: string,
      members: { id: number }[],
    ) => {
      const created = await api(
        url(),
        "/enterprise/group/add",
        { name, user_ids: members.map((m) => m.id) },
        owner.token,
      );
      expect(created.code).toBe(0);
      return (created.data as { id: string }).id;
    };
    const launch = await groupOf(ann, `Launch 发布 ${suffix}`, [bob, cy]);
    const secret = await groupOf(dan, `Secret ${suffix}`, [bob, cy]);
    const help = await groupOf(dan, `Deploy${suffix} help`, [bob, cy]);
    const post = (from: { token: string }, to: string, content: string) =>
      api(
        url(),
        "/enterprise/im/sendMessage",
        {
          id: randomUUID(),
          type: "text",
          content,
          toContactId: to,
          is_group: 1,
        },
        from.token,
      );
    await apiSend(url(), bob, ann, `The deploy${suffix} is at 5pm`);
    for (let i = 1; i <= 30; i += 1)
      await apiSend(url(), bob, ann, `filler ${i}`);
    expect(
      (await post(cy, launch, `我们明天部署 deploy${suffix} the server`)).code,
    ).toBe(0);
    expect((await post(dan, secret, `deploy${suffix} secret plan`)).code).toBe(
      0,
    );
    expect(
      (
        await api(
          url(),
          "/enterprise/group/groupSetting",
          { id: help, setting: { public: "1" } },
          dan.token,
        )
      ).code,
    ).toBe(0);

    // Ann, in English at 1280: Ctrl+K, the words; two messages (never the secret group's),
    // the words marked; the public group to join.
    const a = await newContext(setup.browser(), "en-US");
    await logIn(a.page, url(), `angs${suffix}`);
    await a.page.getByTestId("contact").first().waitFor();
    await a.page.keyboard.press("Control+K");
    const dialog = a.page.getByRole("dialog", { name: "Search" });
    const box = dialog.getByRole("combobox", { name: "Search" });
    await box.pressSequentially(`deploy${suffix}`);
    const messages = dialog.getByRole("group", { name: "Messages" });
    await expect
      .poll(() => messages.getByRole("option").allInnerTexts())
      .toEqual([
        expect.stringContaining("我们明天部署"),
        expect.stringContaining("is at 5pm"),
      ]);
    expect(await messages.locator("mark").first().textContent()).toBe(
      `deploy${suffix}`,
    );
    const groups = dialog.getByRole("group", { name: "Public groups to join" });
    await groups.getByText(`Deploy${suffix} help`).waitFor();
    await settledShot(a.page, "global-search-en-1280");

    // A chip: files, of which there are none.
    await dialog.getByRole("radio", { name: "Files" }).click();
    await dialog
      .getByText("No messages match. Try other words or fewer filters.")
      .waitFor();
    await settledShot(a.page, "global-search-files-empty-en-1280");
    await dialog.getByRole("radio", { name: "All" }).click();

    // Arrow keys down to Bob's message (past the public group and the group's message);
    // Enter jumps to it in the chat, 30 messages back.
    await messages.getByRole("option").first().waitFor();
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    await box.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    const chat = a.page.getByRole("region", { name: "Bob 李" });
    // The message is marked where the jump put it; nothing says it is gone.
    await bubbles(chat)
      .filter({ hasText: "is at 5pm" })
      .and(a.page.locator("[data-highlighted]"))
      .waitFor();
    expect(
      await a.page
        .getByText("The quoted message is no longer in this chat")
        .count(),
    ).toBe(0);
    await settledShot(a.page, "global-search-jumped-en-1280");

    // At 900 px: the public group is joined from the results, its chat opens.
    await resize(a.page, { width: 900, height: 760 });
    await a.page.keyboard.press("Control+K");
    await box.pressSequentially(`Deploy${suffix} help`);
    await groups.getByText(`Deploy${suffix} help`).waitFor();
    await settledShot(a.page, "global-search-en-900");
    await groups
      .getByRole("button", { name: `Join Deploy${suffix} help` })
      .click();
    await dialog.waitFor({ state: "hidden" });
    await a.page
      .getByRole("region", { name: `Deploy${suffix} help` })
      .waitFor();
    await a.context.close();

    // Bob, in Chinese on a phone: the list's search box offers the words everywhere;
    // Chinese words find the group's message.
    const b = await newContext(setup.browser(), "zh-CN");
    await resize(b.page, { width: 390, height: 800 });
    await logIn(b.page, url(), `bogs${suffix}`, "zh");
    await b.page.getByRole("textbox", { name: "搜索" }).fill("部署");
    await b.page.getByRole("button", { name: "搜索包含“部署”的消息" }).click();
    const zhDialog = b.page.getByRole("dialog", { name: "搜索" });
    const zhMessages = zhDialog.getByRole("group", { name: "消息" });
    await expect
      .poll(() => zhMessages.getByRole("option").allInnerTexts())
      .toEqual([expect.stringContaining("我们明天部署")]);
    await settledShot(b.page, "global-search-zh-390");
    await zhDialog
      .getByRole("combobox", { name: "搜索" })
      .fill(`deploy${suffix}`);
    await expect.poll(() => zhMessages.getByRole("option").count()).toBe(3);
    await b.context.close();
  });
});
