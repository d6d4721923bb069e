import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  adminConsole,
  api,
  apiLogin,
  apiSend,
  apiUser,
  productAndBrowser,
  settledShot,
  resize,
} from "./harness";

/*
 * Issue 12 on the web: the console's scheduled tasks and favourites. Messages (a picture
 * among them) are made ten days old; with seven days kept, the administrator runs message
 * retention from the tasks page: the messages go, the picture's file is no longer served,
 * and the log says so. A favourite is removed from the console's favourites page. Both
 * pages are photographed in English and Chinese.
 */
const { product, browser } = productAndBrowser();
const url = () => product().url;
const DAY = 86_400_000;

/** Sends a picture over the wire; answers its message's file address. */
async function sendPicture(
  from: { token: string },
  to: { id: number },
): Promise<void> {
  const png = await sharp({
    create: { width: 48, height: 32, channels: 3, background: "#d46b08" },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append(
    "message",
    JSON.stringify({ id: randomUUID(), type: "image", toContactId: to.id }),
  );
  form.append("file", new Blob([new Uint8Array(png)]), "old.png");
  const res = await fetch(`${url()}/common/upload/uploadFile`, {
    method: "POST",
    headers: { Authorization: from.token },
    body: form,
  });
  const answer = (await res.json()) as { code: number };
  if (answer.code !== 0) throw new Error("could not upload the picture");
}

/** The chat's messages as `reader` gets them. */
async function history(
  reader: { token: string },
  peer: { id: number },
): Promise<Array<{ msg_id: number; type: string; content: string }>> {
  const res = await api(
    url(),
    "/enterprise/im/getMessageList",
    { toContactId: peer.id, limit: 50 },
    reader.token,
  );
  return res.data as Array<{ msg_id: number; type: string; content: string }>;
}

describe("the console's tasks and favourites", () => {
  it("runs message retention, frees the old files, and removes a favourite", async () => {
    const suffix = randomUUID().slice(0, 6);
    const ana = await apiUser(url(), `ana${suffix}`, "Ana Sender");
    const ben = await apiUser(url(), `ben${suffix}`, "Ben Keeper");
    await apiSend(url(), ana, ben, "an old hello");
    await sendPicture(ana, ben);
    const old = await history(ben, ana);
    const picture = old.find((m) => m.type === "image");
    if (!picture) throw new Error("no picture");
    // Relative when the server has no public address set (same origin as the page).
    const fileUrl = new URL(picture.content, url()).toString();
    const served = await fetch(fileUrl, {
      headers: { Authorization: ben.token },
    });
    expect(served.status).toBe(200);

    // Ten days pass for these two messages (written straight into the product's database).
    const db = new Database(path.join(product().dataDir, "parley.sqlite"));
    db.pragma("busy_timeout = 5000");
    db.prepare(
      "UPDATE messages SET created_at = created_at - ? WHERE msg_id IN (?, ?)",
    ).run(10 * DAY, ...old.map((m) => m.msg_id));
    db.close();

    // A fresh message Ben saves to his favourites.
    await apiSend(url(), ana, ben, "keep this one: the door code is 4711");
    const fresh = (await history(ben, ana)).find((m) =>
      m.content.includes("door code"),
    );
    const saved = await api(
      url(),
      "/enterprise/collect/add",
      { msg_id: fresh?.msg_id },
      ben.token,
    );
    expect(saved.code).toBe(0);

    // Seven days kept.
    const admin = await apiLogin(url(), "admin", "admin-pass1");
    const set = await api(
      url(),
      "/manage/config/setConfig",
      { name: "chatInfo", value: { msgClearDay: "7" } },
      admin.token,
    );
    expect(set.code).toBe(0);

    // The tasks page: run retention now.
    const a = await adminConsole(browser(), url(), "en-US", "task");
    const row = (name: string) =>
      a.locator(".ant-table-row").filter({ hasText: name });
    await row("Message retention").waitFor();
    await settledShot(a, "console-tasks-en");
    await row("Message retention")
      .getByRole("button", { name: "Run now" })
      .click();
    await a
      .getByText(
        /2 messages sent before .* deleted \(kept 7 days\), 1 files released/,
      )
      .first()
      .waitFor();
    await row("Message retention").getByText("Done").waitFor();

    // The messages and the picture's file are gone; the fresh message stays.
    const left = await history(ben, ana);
    expect(left.map((m) => m.msg_id)).toEqual([fresh?.msg_id]);
    const after = await fetch(fileUrl, {
      headers: { Authorization: ben.token },
    });
    expect(after.status).toBe(404);

    // The log tells what ran.
    await row("Message retention").getByRole("button", { name: "Log" }).click();
    const log = a.getByTestId("task-log");
    await log.waitFor();
    expect(await log.textContent()).toMatch(/ok\s+manual .* 2 messages/);
    await settledShot(a, "console-task-log-en");
    await a.keyboard.press("Escape");

    // Pausing a task: its next run is gone until it is resumed.
    await a.getByRole("switch", { name: "Run Clean-up on schedule" }).click();
    await expect
      .poll(() =>
        a
          .getByRole("switch", { name: "Run Clean-up on schedule" })
          .getAttribute("aria-checked"),
      )
      .toBe("false");
    await a.getByRole("switch", { name: "Run Clean-up on schedule" }).click();
    await expect
      .poll(() =>
        a
          .getByRole("switch", { name: "Run Clean-up on schedule" })
          .getAttribute("aria-checked"),
      )
      .toBe("true");

    // The favourites page: Ben's favourite, then removed.
    await a.goto(`${url()}/#/manage/collect`);
    const favourite = a
      .locator(".ant-table-row")
      .filter({ hasText: "door code is 4711" });
    await favourite.waitFor();
    expect(await favourite.textContent()).toContain("Ben Keeper");
    await settledShot(a, "console-favourites-en");
    await favourite
      .getByRole("button", { name: "Remove Ben Keeper's favourite" })
      .click();
    await a
      .locator(".ant-popover:not(.ant-popover-hidden)")
      .getByRole("button", { name: "Remove" })
      .click();
    await a.getByText("No favourites").waitFor();
    const mine = await api(url(), "/enterprise/collect/index", {}, ben.token);
    expect(mine.data).toEqual([]);

    // In Chinese.
    const z = await adminConsole(browser(), url(), "zh-CN", "task");
    await z.locator(".ant-table-row").filter({ hasText: "消息保留" }).waitFor();
    await settledShot(z, "console-tasks-zh");
    await resize(z, { width: 390, height: 844 });
    await settledShot(z, "console-tasks-390-zh");
    await resize(z, { width: 1280, height: 800 });
    await z.goto(`${url()}/#/manage/collect`);
    await z.getByText("没有收藏").waitFor();
    await settledShot(z, "console-favourites-zh");
  });
});
