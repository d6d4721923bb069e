import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  adminConsole,
  api,
  apiUser,
  logIn,
  newContext,
  productAndBrowser,
  resize,
  settledShot,
} from "./harness";

/*
 * Issue 45 item 2 in the browser: a group's owner makes it public and says what it is
 * for; someone outside it finds it in Browse groups (in Chinese, by its pinyin), joins it,
 * and is in its chat; at a laptop's width and a phone's.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

describe("public groups in the web client", () => {
  it("an owner opens a group to the directory; a newcomer finds and joins it; en and zh, 1280 and 390 px", async () => {
    const suffix = randomBytes(3).toString("hex");
    const olivia = await apiUser(url(), `olpub${suffix}`, "Olivia Owner");
    const ann = await apiUser(url(), `anpub${suffix}`, "Ann");
    const bob = await apiUser(url(), `bopub${suffix}`, "Bob");
    await apiUser(url(), `xipub${suffix}`, "小新");
    const name = `设计 Help ${suffix}`;
    const created = await api(
      url(),
      "/enterprise/group/add",
      { name, user_ids: [ann.id, bob.id] },
      olivia.token,
    );
    expect(created.code).toBe(0);
    const groupId = (created.data as { id: string }).id;
    expect(
      (
        await api(
          url(),
          "/enterprise/group/setManager",
          { id: groupId, user_id: ann.id, role: 2 },
          olivia.token,
        )
      ).code,
    ).toBe(0);

    // The owner, in English: the group's settings make it public; the panel takes its
    // description.
    const o = await newContext(setup.browser(), "en-US");
    await logIn(o.page, url(), `olpub${suffix}`);
    await o.page.getByTestId("contact").filter({ hasText: name }).click();
    await o.page.getByRole("button", { name: "Group settings" }).click();
    const publicSwitch = o.page.getByRole("switch", { name: "Public group" });
    await publicSwitch.click();
    await expect
      .poll(() => publicSwitch.getAttribute("aria-checked"))
      .toBe("true");
    await settledShot(o.page, "public-group-settings-en-1280");
    await o.page.keyboard.press("Escape");
    const about = o.page.getByRole("region", { name: "About" });
    await about.getByText("Say what this group is for").click();
    const field = about.getByRole("textbox");
    await field.fill("Ask the design team anything");
    await field.press("Enter");
    await about.getByText("Ask the design team anything").waitFor();

    // An administrator's settings hold the public switch alone (the rest is the owner's).
    const a = await newContext(setup.browser(), "en-US");
    await logIn(a.page, url(), `anpub${suffix}`);
    await a.page.getByTestId("contact").filter({ hasText: name }).click();
    await a.page.getByRole("button", { name: "Group settings" }).click();
    await expect
      .poll(() =>
        a.page
          .getByRole("switch", { name: "Public group" })
          .getAttribute("aria-checked"),
      )
      .toBe("true");
    expect(
      await a.page.getByRole("switch", { name: "Members may invite" }).count(),
    ).toBe(0);
    await settledShot(a.page, "public-group-settings-admin-en-1280");
    await a.context.close();

    // A newcomer, in Chinese on a phone: the empty list offers Browse groups; they find
    // the group by its pinyin and join.
    const x = await newContext(setup.browser(), "zh-CN");
    await resize(x.page, { width: 390, height: 800 });
    await logIn(x.page, url(), `xipub${suffix}`, "zh");
    await x.page.getByRole("button", { name: "浏览群聊" }).waitFor();
    await settledShot(x.page, "public-groups-empty-list-zh-390");
    await x.page.getByRole("button", { name: "新建…" }).click();
    await x.page.getByRole("menuitem", { name: "浏览群聊" }).click();
    const dialog = x.page.getByRole("dialog", { name: "浏览群聊" });
    await dialog.getByLabel("按名称查找群聊").fill("sheji");
    const row = dialog.getByTestId("public-group").filter({ hasText: name });
    await row.getByText("Ask the design team anything").waitFor();
    await expect.poll(() => row.textContent()).toContain("3 位成员");
    await settledShot(x.page, "public-groups-browse-zh-390");
    await row.getByRole("button", { name: `加入 ${name}` }).click();
    await dialog.waitFor({ state: "hidden" });
    await x.page
      .getByTestId("event-line")
      .filter({ hasText: "小新 加入了群聊" })
      .waitFor();
    await settledShot(x.page, "public-groups-joined-zh-390");

    // The owner sees the newcomer come in, in English.
    await o.page
      .getByTestId("event-line")
      .filter({ hasText: "小新 joined the group" })
      .waitFor();

    // The console's Chat settings hold the switch that turns public groups off.
    const c = await adminConsole(setup.browser(), url(), "en-US", "setting");
    await c.getByRole("tab", { name: "Chat" }).click();
    await c
      .getByText("Public groups", { exact: true })
      .scrollIntoViewIfNeeded();
    await settledShot(c, "public-groups-console-en-1280");
    await c.context().close();

    expect(o.errors).toEqual([]);
    expect(x.errors).toEqual([]);
    await o.context.close();
    await x.context.close();
  });
});
