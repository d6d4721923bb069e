import { randomUUID } from "node:crypto";
import { Limits, textToHtml } from "@parley/protocol";
import { decodeHTML } from "entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { registerAndLogin, type TestUser } from "../../../test/factories.js";

/*
 * Issue 15, fault 2: every character a user types comes back. Our client sends typed text
 * escaped as HTML; the server keeps it; any client that renders the HTML, or reads it as
 * text, shows exactly what was typed.
 */

/** What the web client sends for typed text. */
const asSent = textToHtml;
/** What a reader sees of stored content. */
const asRead = (html: string) => decodeHTML(html.replace(/<br\s*\/?>/g, "\n"));

let api: TestApp;
let sender: TestUser;
let recipient: TestUser;

beforeAll(async () => {
  api = await startTestApp();
  sender = await registerAndLogin(api);
  recipient = await registerAndLogin(api);
});
afterAll(async () => {
  await api.close();
});

async function send(content: string): Promise<string> {
  const answer = await api.post(
    "/enterprise/im/sendMessage",
    { id: randomUUID(), content, toContactId: recipient.userId },
    { token: sender.token },
  );
  expect(answer.code).toBe(0);
  return (answer.data as { content: string }).content;
}

describe("typed text survives the server", () => {
  const printableAscii = Array.from({ length: 95 }, (_, i) =>
    String.fromCharCode(32 + i),
  ).join("");

  it.each([
    ["every printable ASCII character", printableAscii],
    ["CJK", "你好，世界！「引号」《书名》 한국어 日本語"],
    [
      "the text that was eaten",
      "if a<b and c>d then use Vec<String> or <div> tags",
    ],
    ["tags typed as text", "<b>not bold</b> <script>alert(1)</script>"],
    ["lines", "line one\nline two"],
  ])("%s", async (_name, text) => {
    const stored = await send(asSent(text));
    expect(asRead(stored)).toBe(text);
    // Stored content renders safely: no tag but the line breaks.
    expect(stored).not.toMatch(/<(?!br ?\/?>)/);
  });

  it("a disallowed tag an existing client posts is kept as text, not deleted", async () => {
    // Not <div>: the old editor's blocks are lines (issue 51, below).
    const stored = await send("<b>not bold</b> and <h1>kept</h1>");
    expect(asRead(stored)).toBe("<b>not bold</b> and <h1>kept</h1>");
  });

  it("allowed markup stays markup, without anything that runs", async () => {
    const stored = await send(
      'smile <img src="https://cdn.example/e/1.png" alt="[smile]" onerror="x()"><br>',
    );
    expect(stored).toContain(
      '<img src="https://cdn.example/e/1.png" alt="[smile]" />',
    );
    expect(stored).not.toContain("onerror");
  });
});

/*
 * Issue 51, item 0: the old client posts its editor's HTML, a paragraph of spans per line.
 * It is stored as the lines typed, so no client shows the editor's tags as text.
 */
describe("the old client's editor HTML", () => {
  it("is stored, answered and listed as the lines typed", async () => {
    const id = randomUUID();
    const answer = await api.post(
      "/enterprise/im/sendMessage",
      {
        id,
        content: "<p><span>hello</span></p><p>world</p>",
        toContactId: recipient.userId,
      },
      { token: sender.token },
    );
    expect(answer.code).toBe(0);
    expect((answer.data as { content: string }).content).toBe(
      "hello<br />world",
    );

    const page = await api.post(
      "/enterprise/im/getMessageList",
      { toContactId: sender.userId, is_group: 0, page: 1, limit: 20 },
      { token: recipient.token },
    );
    expect(page.code).toBe(0);
    const listed = (page.data as { id: string; content: string }[]).find(
      (message) => message.id === id,
    );
    expect(listed?.content).toBe("hello<br />world");
    expect(asRead(listed?.content ?? "")).toBe("hello\nworld");
  });

  it("is as long as its words, not its markup", async () => {
    const words = "x".repeat(Limits.textMessageMax);
    const stored = await send(
      `<p><span style="font-size:14px">${words}</span></p>`,
    );
    expect(stored).toBe(words);
  });
});
