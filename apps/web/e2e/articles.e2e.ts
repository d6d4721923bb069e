import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  adminConsole,
  apiUser,
  logIn,
  newContext,
  productAndBrowser,
  realtimeBound,
  settledShot,
  resize,
} from "./harness";

/*
 * Issue 12 on the web: articles. An administrator writes one in the console's rich-text
 * editor (a heading, bold words, a link, an uploaded picture), saves it as a draft, previews it and publishes
 * it; a user finds it in the System notices entry's Articles tab and reads it with its
 * formatting; taken back to draft, it is gone for them. Pages photographed in en and zh,
 * the reader also at phone width.
 */
const { product, browser } = productAndBrowser();
const url = () => product().url;

const dialog = (page: Page) =>
  page.locator(".ant-modal-wrap:not([style*='display: none']) .ant-modal");

describe("articles in the web client", () => {
  it("write, preview, publish, read, take back; en and zh", async () => {
    const suffix = randomBytes(3).toString("hex");
    await apiUser(url(), `rita${suffix}`, "Rita Reader");

    // The console page, empty, says what to do.
    const a = await adminConsole(browser(), url(), "en-US", "article");
    await a.getByText("No articles yet").waitFor();
    await settledShot(a, "console-articles-empty-en");

    // Nothing written: the form says so before anything is sent.
    await a.getByRole("button", { name: /New article/ }).click();
    const d = dialog(a);
    await d.waitFor();
    await d.getByRole("button", { name: "Save as draft" }).click();
    await d.getByText("Enter a title of 1 to 100 characters").waitFor();
    await d.getByText(/Write the article: it cannot be empty/).waitFor();

    await d.getByLabel("Title").fill("Welcome to Parley");
    const editor = d.getByRole("textbox", { name: "Article" });
    await editor.click();
    // A toolbar button gives the focus back to the text a frame later (tiptap's focus()):
    // typed before then, a space would press the button instead.
    const tool = async (name: string) => {
      await d.getByRole("button", { name, exact: true }).click();
      await expect
        .poll(() =>
          editor.evaluate((element) =>
            element.contains(document.activeElement),
          ),
        )
        .toBe(true);
    };
    await tool("Heading");
    await a.keyboard.type("Getting started");
    await a.keyboard.press("Enter");
    await a.keyboard.type("Say hello to ");
    await tool("Bold");
    await a.keyboard.type("everyone");
    await tool("Bold");
    await a.keyboard.type(" and read the ");
    // A link: typed words, selected, given an address.
    await a.keyboard.type("guide");
    for (let i = 0; i < 5; i += 1) await a.keyboard.press("Shift+ArrowLeft");
    await d.getByRole("button", { name: "Link" }).click();
    await a.getByLabel("Link address").fill("example.org/guide");
    await a.getByRole("button", { name: "Apply" }).click();
    // A picture: sent from the toolbar, placed after the selected link, never over it.
    const photo = await sharp({
      create: { width: 1800, height: 600, channels: 3, background: "#2f6fb0" },
    })
      .jpeg()
      .toBuffer();
    await d.locator("input[type=file]").setInputFiles({
      name: "harbour.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    const placed = editor.locator("img[alt='harbour']");
    await placed.waitFor();
    expect(await placed.getAttribute("src")).toMatch(
      /^\/storage\/article\/[0-9a-f]{24}\.jpg$/,
    );
    await settledShot(a, "console-article-editor-en");
    await d.getByRole("button", { name: "Save as draft" }).click();
    const row = a
      .locator(".ant-table-row")
      .filter({ hasText: "Welcome to Parley" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Draft");
    expect(await row.textContent()).toContain(
      "Getting started Say hello to everyone and read the guide",
    );

    // The preview shows it as readers will.
    await row.getByRole("button", { name: "View" }).click();
    const preview = a.getByTestId("article-preview");
    await preview.locator("h2", { hasText: "Getting started" }).waitFor();
    expect(await preview.locator("strong").textContent()).toBe("everyone");
    expect(
      await preview.locator("a", { hasText: "guide" }).getAttribute("href"),
    ).toBe("https://example.org/guide");
    await settledShot(a, "console-article-preview-en");
    await a.keyboard.press("Escape");

    // A draft: the user's entry does not show it.
    const { page: u } = await newContext(browser(), "en-US");
    await logIn(u, url(), `rita${suffix}`);
    await realtimeBound(u);
    const entry = u
      .getByTestId("contact")
      .filter({ hasText: "System notices" });
    expect(await entry.count()).toBe(0);

    // Published: the entry appears (after a reload of the list) with its title.
    await row.getByRole("button", { name: "Publish", exact: true }).click();
    await row.getByText("Published").waitFor();
    await u.reload();
    await realtimeBound(u);
    await entry.filter({ hasText: "Welcome to Parley" }).waitFor();
    await entry.click();
    const card = u.getByTestId("article-card");
    await card.filter({ hasText: "Welcome to Parley" }).waitFor();
    await settledShot(u, "articles-list-en");
    await card.first().click();
    const reader = u.getByTestId("article-reader");
    await reader.locator("h2", { hasText: "Getting started" }).waitFor();
    expect(await reader.locator("strong").textContent()).toBe("everyone");
    const link = reader.locator("a", { hasText: "guide" });
    expect(await link.getAttribute("target")).toBe("_blank");
    // The picture is there for the reader, loaded, no wider than the page.
    const picture = reader.locator("img[alt='harbour']");
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1600);
    expect(await link.getAttribute("rel")).toContain("noopener");
    await settledShot(u, "article-reader-en");
    await resize(u, { width: 390, height: 800 });
    await settledShot(u, "article-reader-390-en");
    await resize(u, { width: 1280, height: 800 });

    // Chinese console page, with the article listed.
    const z = await adminConsole(browser(), url(), "zh-CN", "article");
    await z
      .locator(".ant-table-row")
      .filter({ hasText: "Welcome to Parley" })
      .waitFor();
    await settledShot(z, "console-articles-zh");

    // Taken back: gone for the reader.
    await row.getByRole("button", { name: "Unpublish" }).click();
    await row.getByText("Draft").waitFor();
    await u.getByRole("button", { name: "All articles" }).click();
    await u.getByText("No articles yet.", { exact: false }).waitFor();
    await settledShot(u, "articles-empty-en");
  });
});
