import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  api,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  screenshot,
} from "./harness";

/*
 * Issue 8, a first web slice: a group made by someone else appears live, opens like any
 * chat, carries messages both ways with their senders, shows the server's lines in the
 * reader's language, follows a rename, and goes away when its member is removed.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

describe("a group chat in the web client", () => {
  it("appears live, carries messages both ways, follows a rename and a removal", async () => {
    const suffix = randomBytes(3).toString("hex");
    const owner = await apiUser(url(), `owner${suffix}`, "Olivia Owner");
    const ann = await apiUser(url(), `ann${suffix}`, "Ann");
    const bob = await apiUser(url(), `bob${suffix}`, "Bob");
    const { context, page, errors } = await newContext(
      setup.browser(),
      "en-US",
    );
    await logIn(page, url(), `ann${suffix}`);

    const created = await api(
      url(),
      "/enterprise/group/add",
      { name: "Launch team", user_ids: [ann.id, bob.id] },
      owner.token,
    );
    expect(created.code).toBe(0);
    const id = (created.data as { id: string }).id;
    const row = page.getByTestId("contact").filter({ hasText: "Launch team" });
    await row.waitFor();
    await row.click();
    const conversation = page.getByRole("region", { name: "Launch team" });
    await conversation.waitFor();
    await page
      .getByTestId("event-line")
      .filter({ hasText: "Olivia Owner created the group" })
      .waitFor();

    const editor = page.getByLabel("Message", { exact: true });
    await editor.fill("Hello team <3");
    await editor.press("Enter");
    await bubbles(page).filter({ hasText: "Hello team <3" }).waitFor();
    await expect
      .poll(async () => {
        const res = await api(
          url(),
          "/enterprise/im/getMessageList",
          { toContactId: id, is_group: 1 },
          owner.token,
        );
        return (res.data as { content: string }[]).map((m) => m.content);
      })
      .toContain("Hello team &lt;3");

    await api(
      url(),
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "Welcome, Ann!",
        toContactId: id,
        at: [String(ann.id)],
      },
      bob.token,
    );
    const fromBob = bubbles(page).filter({ hasText: "Welcome, Ann!" });
    await fromBob.waitFor();
    expect(await fromBob.innerText()).toContain("Bob");

    await api(
      url(),
      "/enterprise/group/editGroupName",
      { id, displayName: "Renamed team" },
      owner.token,
    );
    await page
      .getByTestId("event-line")
      .filter({ hasText: "Olivia Owner renamed the group to “Renamed team”" })
      .waitFor();
    await page.getByRole("region", { name: "Renamed team" }).waitFor();
    // The list's preview of that line is in English too, not the stored Chinese text.
    await page
      .getByTestId("contact")
      .filter({ hasText: "Olivia Owner renamed the group to “Renamed team”" })
      .waitFor();
    // Presence belongs to people: a group shows no dot, in the title or the list.
    expect(await page.locator("header [data-presence]").count()).toBe(0);
    await screenshot(page, "group-chat-en");

    await api(
      url(),
      "/enterprise/group/removeUser",
      { id, user_id: ann.id },
      owner.token,
    );
    await page
      .getByRole("region", { name: "Renamed team" })
      .waitFor({ state: "detached" });
    await page
      .getByTestId("contact")
      .filter({ hasText: "Renamed team" })
      .waitFor({ state: "detached" });

    expect(errors).toEqual([]);
    await context.close();
  });
});
