import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  adminConsole,
  apiLogin,
  newContext,
  productAndBrowser,
  resize,
  settledShot,
} from "./harness";

/*
 * Issue 47: an administrator imports users from a CSV file in the console: the file is
 * checked row by row (a wrong row says why, nothing is made), corrected, created at once,
 * and the made-up passwords downloaded; the new people sign in.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

describe("users from a CSV file", () => {
  it("checks the file, then creates everyone in it (en 1280, zh 900)", async () => {
    const suffix = randomBytes(2).toString("hex");
    const page = await adminConsole(setup.browser(), url(), "en-US", "user");
    await page.getByRole("button", { name: "Import from CSV" }).click();
    const dialog = page.getByRole("dialog", {
      name: "Import users from a CSV file",
    });
    const wrong = [
      "account,name,email,role",
      `mei${suffix},王美,mei${suffix}@corp.test,user`,
      `x,Too Short Account,,`,
      `tom${suffix},Tom Lee,not-an-address,boss`,
    ].join("\n");
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(wrong),
    });
    await dialog.getByText("2 rows need attention").waitFor();
    await expect
      .poll(() =>
        dialog.getByRole("button", { name: "Create 3 users" }).isDisabled(),
      )
      .toBe(true);
    await settledShot(page, "user-import-check-en-1280");

    const right = [
      "account,name,email,role,password",
      `mei${suffix},王美,mei${suffix}@corp.test,user,`,
      `tom${suffix},Tom Lee,tom${suffix}@corp.test,admin,given-pass-1`,
      `"ann${suffix}","Lee, Ann",,user,`,
    ].join("\n");
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(right),
    });
    await dialog.getByText("3 users are ready to be created.").waitFor();
    await dialog.getByRole("button", { name: "Create 3 users" }).click();
    await dialog.getByText("3 users created.").waitFor();
    await settledShot(page, "user-import-created-en-1280");
    const download = page.waitForEvent("download");
    await dialog
      .getByRole("button", { name: "Download the results (CSV)" })
      .click();
    const saved = await download;
    const file = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), "parley-import-")),
      "results.csv",
    );
    await saved.saveAs(file);
    const results = fs.readFileSync(file, "utf8");
    expect(results).toContain(`mei${suffix}`);
    const meiLine = results
      .split("\r\n")
      .find((l) => l.includes(`mei${suffix}`));
    const password = meiLine?.split(",").at(-1) ?? "";
    expect(password).toMatch(/^\S{16}$/);
    expect(
      (await apiLogin(url(), `mei${suffix}`, password)).id,
    ).toBeGreaterThan(0);
    expect(
      (await apiLogin(url(), `tom${suffix}`, "given-pass-1")).id,
    ).toBeGreaterThan(0);
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByText("Lee, Ann").first().waitFor();

    // Chinese, 900 px: the dialog and its template link.
    const zh = await adminConsole(setup.browser(), url(), "zh-CN", "user");
    await resize(zh, { width: 900, height: 760 });
    await zh.getByRole("button", { name: "从 CSV 导入" }).click();
    const zhDialog = zh.getByRole("dialog", { name: "从 CSV 文件导入用户" });
    await zhDialog.locator('input[type="file"]').setInputFiles({
      name: "人员.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `账号,姓名,角色\nli${suffix},李雷,user\nhan${suffix},韩梅梅,管理员\n`,
      ),
    });
    await zhDialog.getByText("2 个用户可以创建。").waitFor();
    await settledShot(zh, "user-import-check-zh-900");
  });

  it("gives invitation links; the invited person chooses a password and lands in the chat (en 1280, zh 390)", async () => {
    const suffix = randomBytes(2).toString("hex");
    const page = await adminConsole(setup.browser(), url(), "en-US", "user");
    await page.getByRole("button", { name: "Import from CSV" }).click();
    const dialog = page.getByRole("dialog", {
      name: "Import users from a CSV file",
    });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "team.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `account,name,email\nzoe${suffix},Zoe Park,zoe${suffix}@corp.test\nlin${suffix},林静,\n`,
      ),
    });
    await dialog.getByText("2 users are ready to be created.").waitFor();
    await dialog.getByText("Give an invitation link").click();
    await settledShot(page, "user-import-links-choice-en-1280");
    await dialog.getByRole("button", { name: "Create 2 users" }).click();
    await dialog.getByText("2 users created.").waitFor();
    await dialog.getByText("The invitation links are shown only now").waitFor();
    await settledShot(page, "user-import-links-created-en-1280");
    const download = page.waitForEvent("download");
    await dialog
      .getByRole("button", { name: "Download the results (CSV)" })
      .click();
    const file = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), "parley-import-")),
      "links.csv",
    );
    await (await download).saveAs(file);
    const lines = fs.readFileSync(file, "utf8").split("\r\n");
    expect(lines[0]).toContain("link");
    const link =
      lines
        .find((l) => l.includes(`lin${suffix}`))
        ?.split(",")
        .at(-1) ?? "";
    expect(link).toMatch(
      new RegExp(`^${url()}/#/welcome\\?account=lin${suffix}&token=`),
    );

    // The invited person, on a phone, in Chinese.
    const { context, page: phone } = await newContext(setup.browser(), "zh-CN");
    try {
      await resize(phone, { width: 390, height: 800 });
      await phone.goto(link);
      await phone.getByRole("heading", { name: "欢迎加入" }).waitFor();
      await phone.getByText(`请为账号 lin${suffix} 设置密码`).waitFor();
      await settledShot(phone, "welcome-zh-390");
      await phone.getByLabel("新密码").fill("my-own-pw1");
      await phone.getByLabel("确认密码").fill("my-own-pw2");
      await phone.getByRole("button", { name: "设置密码并登录" }).click();
      await phone.getByText("两次输入的密码不一致").waitFor();
      await phone.getByLabel("确认密码").fill("my-own-pw1");
      await phone.getByRole("button", { name: "设置密码并登录" }).click();
      // Signed in: the chat screen.
      await phone.waitForURL(/#\/($|\?)/);
      expect(
        (await apiLogin(url(), `lin${suffix}`, "my-own-pw1")).id,
      ).toBeGreaterThan(0);
      // The link is used up: opened again, it says so.
      const again = await context.newPage();
      await resize(again, { width: 390, height: 800 });
      await again.goto(link);
      await again.getByLabel("新密码").fill("another-pw1");
      await again.getByLabel("确认密码").fill("another-pw1");
      await again.getByRole("button", { name: "设置密码并登录" }).click();
      await again.getByText("邀请链接已过期或已使用").waitFor();
      await settledShot(again, "welcome-used-zh-390");
    } finally {
      await context.close();
    }
  });
});
