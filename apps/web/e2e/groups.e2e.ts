import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  api,
  apiUser,
  bubbles,
  closeTop,
  logIn,
  newContext,
  productAndBrowser,
  settledShot,
  resize,
} from "./harness";

/*
 * Issue 8, the group side of the web client, as three people use it: Olivia (English)
 * creates a group of Ann (English) and Bao (Chinese), who see it live; a mention lights
 * Ann's At-me tab; Olivia makes Ann an administrator, who mutes Bao, whose composer says
 * so; the speak restriction at 1 and 2; a notice; read receipts; Olivia hands the group to
 * Ann, who disbands it. Every group screen and dialog is photographed in en and zh.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

/** The open group chat's side panel. */
const panel = (page: Page) =>
  page.getByRole("complementary", { name: /Group details|群聊详情/ });

/** A picture once dialogs and popups have stopped moving (harness.ts). */
const shot = settledShot;

async function openChat(page: Page, name: string): Promise<void> {
  await page.getByTestId("contact").filter({ hasText: name }).first().click();
  await page.getByRole("region", { name }).waitFor();
}

async function memberAction(
  page: Page,
  name: string,
  action: string,
): Promise<void> {
  await panel(page)
    .getByRole("button", { name: new RegExp(`(Actions for|对) ${name}`) })
    .click();
  await page.getByRole("menuitem", { name: action }).click();
}

describe("groups in the web client", () => {
  it("create, mention, roles, mutes, nospeak, notice, receipts, transfer and disband", async () => {
    const suffix = randomBytes(3).toString("hex");
    const oliviaUser = await apiUser(url(), `olivia${suffix}`, "Olivia");
    await apiUser(url(), `ann${suffix}`, "Ann");
    const bao = await apiUser(url(), `bao${suffix}`, "包宝宝");
    const olivia = await newContext(setup.browser(), "en-US");
    const annPage = (await newContext(setup.browser(), "en-US")).page;
    const baoCtx = await newContext(setup.browser(), "zh-CN");
    const o = olivia.page;
    const b = baoCtx.page;
    await logIn(o, url(), `olivia${suffix}`);
    await logIn(annPage, url(), `ann${suffix}`);
    await logIn(b, url(), `bao${suffix}`, "zh");

    // Create: SPEC §5's checks first, then the group opens for its owner.
    await o.getByRole("button", { name: "New…" }).click();
    await o.getByRole("menuitem", { name: "Create a group" }).click();
    const picker = o.getByRole("dialog", { name: "Create a group" });
    await picker.getByRole("button", { name: "Create" }).click();
    await picker
      .getByRole("alert")
      .filter({ hasText: "Please enter a group name of 2 to 20 characters" })
      .waitFor();
    await picker.getByLabel("Group name").fill("Launch team");
    await picker.getByLabel("Search by name, pinyin or account").fill(suffix);
    await picker.getByRole("checkbox", { name: "Ann" }).check();
    await picker.getByRole("button", { name: "Create" }).click();
    await picker
      .getByRole("alert")
      .filter({ hasText: "Choose at least 2 people for a group" })
      .waitFor();
    // Pinyin finds 包宝宝.
    await picker.getByLabel("Search by name, pinyin or account").fill("baobao");
    await picker.getByRole("checkbox", { name: "包宝宝" }).check();
    await shot(o, "group-create-picker-en");
    await picker.getByRole("button", { name: "Create" }).click();
    await o.getByRole("region", { name: "Launch team" }).waitFor();
    await picker.waitFor({ state: "detached" });
    await panel(o).getByText("3 members").waitFor();
    await shot(o, "group-chat-owner-en");

    // The others see it live.
    await annPage
      .getByTestId("contact")
      .filter({ hasText: "Launch team" })
      .waitFor();
    await b.getByTestId("contact").filter({ hasText: "Launch team" }).waitFor();

    // Bao mentions Ann through the @ picker; Ann's At-me tab lights up.
    await openChat(b, "Launch team");
    const baoEditor = b.getByLabel("消息内容", { exact: true });
    await baoEditor.click();
    await baoEditor.pressSequentially("@An");
    await b.getByRole("menuitem", { name: "Ann" }).waitFor();
    await shot(b, "group-mention-picker-zh");
    await baoEditor.press("Enter");
    await baoEditor.pressSequentially("看一下这个");
    await baoEditor.press("Enter");
    await bubbles(b).filter({ hasText: "@Ann 看一下这个" }).waitFor();
    const atTab = annPage.getByText(/^@Me/).first();
    await annPage
      .getByRole("status", { name: "1 chat mentions you" })
      .waitFor();
    await atTab.click();
    await annPage
      .getByTestId("contact")
      .filter({ hasText: "Launch team" })
      .waitFor();
    await shot(annPage, "group-at-me-en");

    // Olivia makes Ann an administrator.
    await memberAction(o, "Ann", "Make admin");
    await panel(o)
      .getByTestId("member")
      .filter({ hasText: "Ann" })
      .getByText("Admin")
      .waitFor();

    // Ann, now an administrator, mutes Bao for 10 minutes; Bao's composer says so.
    await openChat(annPage, "Launch team");
    await memberAction(annPage, "包宝宝", "Mute…");
    const mute = annPage.getByRole("dialog", { name: "Mute 包宝宝" });
    await mute.getByText("10 minutes").click();
    await shot(annPage, "group-mute-dialog-en");
    await mute.getByRole("button", { name: "Mute", exact: true }).click();
    await b.getByText(/你在本群被禁言至/).waitFor();
    await shot(b, "group-muted-composer-zh");
    const refused = await api(
      url(),
      "/enterprise/im/sendMessage",
      {
        id: crypto.randomUUID(),
        type: "text",
        content: "still here",
        toContactId: await groupContactId(oliviaUser.token, "Launch team"),
      },
      bao.token,
    );
    expect(refused.code).not.toBe(0);

    // Ann lets Bao speak again; the composer comes back.
    await memberAction(annPage, "包宝宝", "Mute…");
    await annPage
      .getByRole("dialog", { name: "Mute 包宝宝" })
      .getByRole("button", { name: "Let them speak" })
      .click();
    await b.getByLabel("消息内容", { exact: true }).waitFor();

    // Olivia's settings: nospeak 1 blocks Bao, not Ann; nospeak 2 blocks Ann too.
    await o.getByRole("button", { name: "Group settings" }).click();
    const settings = o.getByRole("dialog", { name: "Group settings" });
    await settings.getByText("Owner and admins", { exact: true }).click();
    await b.getByText("本群当前仅群主和管理员可发言。").waitFor();
    await annPage.getByLabel("Message", { exact: true }).waitFor();
    await o
      .getByRole("region", { name: "Launch team" })
      .getByText("Only admins may speak")
      .waitFor();
    await shot(o, "group-settings-en");
    await settings.getByText("Owner only", { exact: true }).click();
    await annPage
      .getByText("Only the owner may speak in this group right now.")
      .waitFor();
    await settings.getByText("Everyone", { exact: true }).click();
    await annPage.getByLabel("Message", { exact: true }).waitFor();
    await b.getByLabel("消息内容", { exact: true }).waitFor();
    await o.keyboard.press("Escape");

    // A notice, published by the owner, reaches the panels.
    await panel(o).getByRole("button", { name: "Edit the notice" }).click();
    const notice = o.getByRole("dialog", { name: "Group notice" });
    await notice.getByRole("textbox").fill("Launch on Friday at 10.");
    await shot(o, "group-notice-dialog-en");
    await notice.getByRole("button", { name: "Publish" }).click();
    await panel(annPage).getByText("Launch on Friday at 10.").waitFor();

    // Receipts: Olivia's message, read by Ann (chat open) and then by Bao.
    const oEditor = o.getByLabel("Message", { exact: true });
    await oEditor.fill("Read this, please");
    await oEditor.press("Enter");
    const mine = bubbles(o).filter({ hasText: "Read this, please" });
    // Ann and Bao both have the chat open: each read counts at once.
    await mine.getByText("All read").waitFor();
    await mine.getByRole("button", { name: /Read by 2 of 2/ }).click();
    await o.getByRole("tab", { name: "Read (2)" }).waitFor();
    await shot(o, "group-receipts-en");
    await o.keyboard.press("Escape");
    await bubbles(b).filter({ hasText: "Read this, please" }).waitFor();
    await shot(b, "group-chat-member-zh");

    // Olivia hands the group to Ann and becomes a member; Ann disbands it.
    await panel(o)
      .getByRole("button", { name: "Hand the group to someone" })
      .click();
    const heir = o.getByRole("dialog", { name: "Choose the new owner" });
    await heir.getByRole("checkbox", { name: "Ann" }).check();
    await heir.getByRole("button", { name: "Hand over" }).click();
    await panel(o)
      .getByTestId("member")
      .filter({ hasText: "Ann" })
      .getByText("Owner")
      .waitFor();
    await expect
      .poll(() => o.getByRole("button", { name: "Group settings" }).count())
      .toBe(0);
    await panel(annPage)
      .getByRole("button", { name: "Disband the group" })
      .click();
    // The confirmation (its code fetched with the first one asked for) says it again.
    await annPage
      .locator(".ant-modal-confirm")
      .getByRole("button", { name: "Disband the group" })
      .click();
    // Each member keeps its history to read until they remove it (issue 51 item 17).
    const launch = (page: Page) =>
      page.getByTestId("contact").filter({ hasText: "Launch team" });
    for (const page of [o, annPage, b]) {
      // Each had the chat open: it stays, with the notice in place of the editor.
      await page
        .getByText(/This group has been disbanded|该群聊已解散/)
        .waitFor();
      // The history ends with who disbanded it, in the reader's language.
      await page
        .getByText(/Ann disbanded the group|Ann 解散了群聊/)
        .first()
        .waitFor();
    }
    await shot(o, "group-disbanded-en");
    await shot(b, "group-disbanded-zh");
    for (const page of [o, annPage, b]) {
      await page
        .getByRole("button", { name: /^(Remove from list|从列表中移除)$/ })
        .click();
      await expect.poll(() => launch(page).count()).toBe(0);
    }
    expect(olivia.errors).toEqual([]);
    expect(baoCtx.errors).toEqual([]);
    await olivia.context.close();
    await annPage.context().close();
    await baoCtx.context.close();
  });
});

/** A group's contact id (`group-N`), from its owner's contact list over the wire. */
async function groupContactId(token: string, name: string): Promise<string> {
  const contacts = await api(url(), "/enterprise/im/getContacts", {}, token);
  const group = (contacts.data as { id: unknown; displayName: string }[]).find(
    (c) => c.displayName === name,
  );
  return String(group?.id);
}

const WORDS = {
  en: {
    locale: "en-US" as const,
    plus: "New…",
    create: "Create a group",
    settings: "Group settings",
    editNotice: "Edit the notice",
    notice: "Group notice",
    actionsFor: (name: string) => `Actions for ${name}`,
    mute: "Mute…",
    muteTitle: (name: string) => `Mute ${name}`,
    custom: "Custom",
    add: "Add members",
    transfer: "Hand the group to someone",
    transferTitle: "Choose the new owner",
    addOk: "Add",
    selectToAdd: "Choose the people to add",
    toggle: "Members and notice",
    cancel: "Cancel",
    close: "Close",
    contacts: "Contacts",
    messages: "Messages",
    groupsHeading: "Groups (1)",
  },
  zh: {
    locale: "zh-CN" as const,
    plus: "新建…",
    create: "创建群聊",
    settings: "群设置",
    editNotice: "编辑群公告",
    notice: "群公告",
    actionsFor: (name: string) => `对 ${name} 的操作`,
    mute: "禁言…",
    muteTitle: (name: string) => `禁言 ${name}`,
    custom: "自定义",
    add: "添加成员",
    transfer: "转让群主",
    transferTitle: "选择新群主",
    addOk: /^添\s*加$/,
    selectToAdd: "请选择要添加的成员",
    toggle: "群成员与公告",
    cancel: /^取\s*消$/,
    close: "关闭",
    contacts: "通讯录",
    messages: "消息",
    groupsHeading: "群聊（1）",
  },
};

describe.each(Object.entries(WORDS))(
  "every group screen and dialog in %s",
  (code, w) => {
    it("at 1280, 900 and 390 px", async () => {
      const suffix = randomBytes(3).toString("hex");
      const long =
        code === "zh"
          ? "一个名字非常非常长的产品发布讨论群"
          : "Launch planning team";
      const owner = await apiUser(
        url(),
        `own${suffix}`,
        code === "zh" ? "王小明" : "Olivia",
      );
      const ann = await apiUser(
        url(),
        `ann${suffix}`,
        code === "zh" ? "李安" : "Ann",
      );
      const ben = await apiUser(
        url(),
        `ben${suffix}`,
        code === "zh" ? "张本" : "Ben",
      );
      const created = await api(
        url(),
        "/enterprise/group/add",
        { name: long, user_ids: [ann.id, ben.id] },
        owner.token,
      );
      expect(created.code).toBe(0);
      const annName = code === "zh" ? "李安" : "Ann";
      const { context, page, errors } = await newContext(
        setup.browser(),
        w.locale,
      );
      await logIn(page, url(), `own${suffix}`, code as "en" | "zh");
      await openChat(page, long);
      await panel(page).waitFor();
      await shot(page, `group-panel-${code}`);

      await page.getByRole("button", { name: w.plus }).click();
      await page.getByRole("menuitem", { name: w.create }).click();
      const create = page.getByRole("dialog", { name: w.create });
      await create.waitFor();
      await shot(page, `group-create-empty-${code}`);
      await create.getByRole("button", { name: w.cancel }).click();
      await create.waitFor({ state: "detached" });

      await page.getByRole("button", { name: w.settings, exact: true }).click();
      await shot(page, `group-settings-${code}`);
      await closeTop(page, page.getByRole("dialog", { name: w.settings }));
      // The pointer still rests on the settings button: its tooltip would cover the panel.
      await page.mouse.move(0, 0);

      await panel(page).getByRole("button", { name: w.editNotice }).click();
      await page
        .getByRole("dialog", { name: w.notice })
        .getByRole("textbox")
        .fill(code === "zh" ? "周五上午十点发布。" : "Launch on Friday at 10.");
      await shot(page, `group-notice-${code}`);
      await closeTop(page, page.getByRole("dialog", { name: w.notice }));

      await panel(page)
        .getByRole("button", { name: w.actionsFor(annName) })
        .click();
      await shot(page, `group-member-actions-${code}`);
      await page.getByRole("menuitem", { name: w.mute }).click();
      const mute = page.getByRole("dialog", { name: w.muteTitle(annName) });
      await mute.getByText(w.custom, { exact: true }).click();
      await mute.getByRole("spinbutton").fill("400");
      await shot(page, `group-mute-custom-${code}`);
      await closeTop(page, mute);

      await panel(page).getByRole("button", { name: w.add }).click();
      const add = page.getByRole("dialog", { name: w.add });
      await add.getByRole("button", { name: w.addOk }).click();
      await add.getByRole("alert").filter({ hasText: w.selectToAdd }).waitFor();
      await shot(page, `group-add-members-${code}`);
      await closeTop(page, add);

      await panel(page).getByRole("button", { name: w.transfer }).click();
      const transfer = page.getByRole("dialog", { name: w.transferTitle });
      await transfer.waitFor();
      await shot(page, `group-transfer-${code}`);
      await closeTop(page, transfer);

      // The directory lists my groups above the people.
      await page.getByRole("button", { name: w.contacts, exact: true }).click();
      await page
        .getByRole("group", { name: w.groupsHeading })
        .getByText(long)
        .waitFor();
      await shot(page, `group-directory-${code}`);
      await page.getByRole("button", { name: w.messages, exact: true }).click();

      // Narrower than 1000 px the panel slides over the chat; on a phone it fills the width.
      for (const width of [900, 390]) {
        await resize(page, { width, height: 800 });
        if (
          width === 390 &&
          !(await page.getByRole("region", { name: long }).isVisible())
        )
          await openChat(page, long);
        await page.getByRole("button", { name: w.toggle }).click();
        await panel(page).waitFor();
        await shot(page, `group-panel-${width}-${code}`);
        await page.getByRole("button", { name: w.close }).click();
        await panel(page).waitFor({ state: "hidden" });
        await shot(page, `group-chat-${width}-${code}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
