import { describe, expect, it } from "vitest";
import { newContext, productAndBrowser, settledShot } from "./harness";

/*
 * Issue 48: /api/docs draws the API's description in a real browser under the product's
 * Content-Security-Policy (the viewer's files are the server's own).
 */
const setup = productAndBrowser();

describe("the API's documentation page", () => {
  it("shows every call, readable without signing in", async () => {
    const { page, errors } = await newContext(setup.browser(), "en-US");
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text()))
        blocked.push(message.text());
    });
    await page.goto(`${setup.product().url}/api/docs`);
    await page.getByRole("heading", { name: /Parley API/ }).waitFor();
    // Each part (common, enterprise, manage) opens when clicked.
    for (const part of ["common", "manage"])
      await page.getByText(part, { exact: true }).first().click();
    await page.getByText("/common/pub/login").first().waitFor();
    await page.getByText("/manage/Bot/add").first().waitFor();
    await page.getByText("/manage/Command/add").first().waitFor();
    await settledShot(page, "api-docs-en-1280");
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  });
});
