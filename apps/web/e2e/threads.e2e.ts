import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
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
 * Issue 44 in the browser: two people hold a thread conversation in a group, live: "Reply
 * in thread" from the message menu, the panel beside the chat with its own editor, "Also
 * send to chat", the line under the root, the side menu's Threads badge and view, follow;
 * in English and Chinese, at a laptop's width and a phone's.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

describe("threads in the web client", () => {
  it("two people talk in a thread live, with the badge and the Threads view; en and zh, 1280 and 390 px", async () => {
    const suffix = randomBytes(3).toString("hex");
    const ann = await apiUser(url(), `anth${suffix}`, "Ann Lee");
    const bao = await apiUser(url(), `baoth${suffix}`, "包宝宝");
    const cy = await apiUser(url(), `cyth${suffix}`, "Cy");
    const created = await api(
      url(),
      "/enterprise/group/add",
      { name: "Release 发布", user_ids: [bao.id, cy.id] },
      ann.token,
    );
    expect(created.code).toBe(0);
    const group = (created.data as { id: string }).id;
    const root = await api(
      url(),
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "Release plan for Friday?",
        toContactId: group,
        is_group: 1,
      },
      ann.token,
    );
    expect(root.code).toBe(0);

    const a = await newContext(setup.browser(), "en-US");
    const b = await newContext(setup.browser(), "zh-CN");
    await logIn(a.page, url(), `anth${suffix}`);
    await logIn(b.page, url(), `baoth${suffix}`, "zh");

    // Ann starts a thread from the root's menu and replies in the panel.
    await a.page
      .getByTestId("contact")
      .filter({ hasText: "Release 发布" })
      .click();
    const annRoot = bubbles(a.page).filter({
      hasText: "Release plan for Friday?",
    });
    await annRoot.getByText("Release plan for Friday?").click({
      button: "right",
    });
    await a.page.getByRole("menuitem", { name: "Reply in thread" }).click();
    const annPanel = a.page.getByTestId("thread-panel");
    await annPanel.waitFor();
    await annPanel.getByText("Release plan for Friday?").waitFor();
    const annReply = annPanel.getByLabel("Message", { exact: true });
    await annReply.fill("I take the backend");
    await annReply.press("Enter");
    await bubbles(annPanel).filter({ hasText: "I take the backend" }).waitFor();
    // Under the root in the chat: one reply; the reply itself is not in the chat.
    const annSummary = annRoot.getByTestId("thread-summary");
    await expect.poll(() => annSummary.textContent()).toContain("1 reply");
    const chatList = a.page.getByRole("region", { name: "Release 发布" });
    await expect
      .poll(() =>
        chatList
          .getByTestId("message")
          .filter({ hasText: "I take the backend" })
          .count(),
      )
      // Only the panel's copy.
      .toBe(1);

    // Bao sees the line under the root, in Chinese, opens the thread and answers, also to
    // the chat.
    await b.page
      .getByTestId("contact")
      .filter({ hasText: "Release 发布" })
      .click();
    const baoRoot = bubbles(b.page).filter({
      hasText: "Release plan for Friday?",
    });
    const baoSummary = baoRoot.getByTestId("thread-summary");
    await expect.poll(() => baoSummary.textContent()).toContain("1 条回复");
    await baoSummary.click();
    const baoPanel = b.page.getByTestId("thread-panel");
    await bubbles(baoPanel).filter({ hasText: "I take the backend" }).waitFor();
    await baoPanel.getByRole("checkbox", { name: "同时发送到聊天" }).check();
    const baoReply = baoPanel.getByLabel("消息内容", { exact: true });
    await baoReply.fill("前端我来 frontend is mine");
    await baoReply.press("Enter");
    await bubbles(baoPanel)
      .filter({ hasText: "前端我来 frontend is mine" })
      .waitFor();
    // Also sent to the chat: there too, for both.
    await expect
      .poll(() =>
        bubbles(b.page)
          .filter({ hasText: "前端我来 frontend is mine" })
          .count(),
      )
      .toBe(2);
    // Ann has the thread open: the reply comes in live, and nothing stays unread.
    await bubbles(annPanel)
      .filter({ hasText: "前端我来 frontend is mine" })
      .waitFor();
    await expect.poll(() => annSummary.textContent()).toContain("2 replies");
    const annThreadsButton = a.page.getByRole("button", { name: "Threads" });
    await expect
      .poll(() => annThreadsButton.locator("[data-badge]").count())
      .toBe(0);
    await settledShot(a.page, "threads-panel-en-1280");
    await settledShot(b.page, "threads-panel-zh-1280");

    // A file goes into the thread as a reply too, from the panel's own toolbar.
    await baoPanel.getByTestId("pick-file").setInputFiles({
      name: "release-checklist.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("1. tag\n2. deploy\n"),
    });
    await annPanel
      .getByTestId("message-file")
      .filter({ hasText: "release-checklist.txt" })
      .waitFor();
    await expect.poll(() => annSummary.textContent()).toContain("3 replies");

    // Ann closes the thread (Escape in its editor); Bao's next reply makes her Threads
    // badge count it.
    await annReply.press("Escape");
    await annPanel.waitFor({ state: "hidden" });
    await baoReply.fill("Tests by Thursday");
    await baoReply.press("Enter");
    await expect
      .poll(() => annThreadsButton.locator("[data-badge]").textContent())
      .toBe("1");
    await expect.poll(() => annSummary.textContent()).toContain("4 replies");

    // The Threads view lists it first, unread; opening it reads it.
    await annThreadsButton.click();
    const row = a.page.getByTestId("thread-row").first();
    await expect.poll(() => row.getAttribute("data-unread")).toBe("");
    await expect.poll(() => row.textContent()).toContain("Release plan");
    await settledShot(a.page, "threads-view-en-1280");
    await row.click();
    await bubbles(a.page.getByTestId("thread-panel"))
      .filter({ hasText: "Tests by Thursday" })
      .waitFor();
    await expect
      .poll(() => annThreadsButton.locator("[data-badge]").count())
      .toBe(0);

    // The chat's history search finds a reply and shows it in its thread.
    await a.page
      .getByTestId("thread-panel")
      .getByRole("button", { name: "Close thread" })
      .click();
    await a.page.getByRole("button", { name: "Chat history" }).click();
    const history = a.page.getByRole("dialog", { name: "Chat history" });
    const search = history.getByLabel("Search messages in this chat", {
      exact: true,
    });
    await search.fill("backend");
    await search.press("Enter");
    await history.getByTestId("history-entry").first().waitFor();
    await history.getByRole("button", { name: "Show in chat" }).first().click();
    await bubbles(a.page.getByTestId("thread-panel"))
      .filter({ hasText: "I take the backend" })
      .waitFor();

    // Ann stops following: Bao's next reply no longer counts for her.
    const following = a.page
      .getByTestId("thread-panel")
      .getByRole("button", { name: /Following/ });
    await following.click();
    await a.page
      .getByTestId("thread-panel")
      .getByRole("button", { name: /Follow$/ })
      .waitFor();

    // Bao on a phone: the thread over the chat, its back arrow to the chat.
    await resize(b.page, { width: 390, height: 800 });
    await bubbles(baoPanel).filter({ hasText: "Tests by Thursday" }).waitFor();
    await settledShot(b.page, "threads-panel-zh-390");
    await baoPanel.getByRole("button", { name: "关闭话题" }).click();
    await baoPanel.waitFor({ state: "hidden" });
    await baoSummary.waitFor();
    await settledShot(b.page, "threads-chat-zh-390");
    // The Threads view from the phone's bar, back in the chat, then the list.
    await b.page.getByRole("button", { name: "返回会话列表" }).click();
    await b.page.getByRole("button", { name: "话题" }).click();
    await b.page.getByTestId("thread-row").first().waitFor();
    await settledShot(b.page, "threads-view-zh-390");

    // Someone who follows no thread yet is told what the view is for.
    const c = await newContext(setup.browser(), "en-US");
    await logIn(c.page, url(), `cyth${suffix}`);
    await c.page.getByRole("button", { name: "Threads" }).click();
    await c.page.getByText("No threads yet").waitFor();
    await settledShot(c.page, "threads-view-empty-en-1280");
    await c.context.close();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
