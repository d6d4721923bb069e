import { articles } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Articles (issue 12): administrators write rich text, keep it as a draft or publish it,
 * edit, take back and delete it, each step audited; the body is cleaned of everything that
 * could run before it is stored; every signed-in user lists and reads the published ones,
 * and a draft answers exactly like a missing article. Demo mode writes nothing.
 */
let api: TestApp;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  api = await startTestApp();
  admin = await loginAdmin(api);
  reader = await registerAndLogin(api);
});
afterAll(async () => {
  await api.close();
});

const en = { "Accept-Language": "en" };
const call = (path: string, body: object, user: TestUser | null, app = api) =>
  app.post(path, body, { token: user?.token, headers: en });

async function add(title: string, content: string, status = 0) {
  const res = await call(
    "/manage/Article/add",
    { title, content, status },
    admin,
  );
  expect(res.code, res.msg).toBe(0);
  return articles.articleAdd.response.parse(res.data).id;
}

async function detail(id: number) {
  const res = await call("/manage/Article/detail", { id }, admin);
  expect(res.code, res.msg).toBe(0);
  return articles.articleDetail.response.parse(res.data);
}

async function readerList() {
  const res = await call("/enterprise/article/index", { limit: 50 }, reader);
  expect(res.code, res.msg).toBe(0);
  return {
    list: articles.articleList.response.parse(res.data),
    count: res.count,
  };
}

async function auditOf(action: string, id: number) {
  const res = await call(
    "/manage/audit/index",
    { action, target_id: String(id) },
    admin,
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as { before: unknown; after: unknown }[];
}

const HOSTILE = [
  "<h2>Welcome</h2>",
  '<p onclick="steal()">Read <strong>this</strong> &amp; <a href="javascript:alert(1)">that</a>',
  ' and <a href="https://example.org/x" onmouseover="x()">a site</a></p>',
  "<script>alert('script')</script>",
  '<style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
  '<img src="x" onerror="alert(2)"><img src="https://example.org/a.png" alt="A">',
  '<img src="data:image/png;base64,AAAA"><form action="/x"><input name="p"></form>',
  '<p style="position:fixed">Styled</p><svg><script>alert(3)</script></svg>',
].join("");

describe("writing", () => {
  it("stores a body cleaned of everything that runs, with a plain excerpt, and audits it", async () => {
    const id = await add("Safety first", HOSTILE);
    const article = await detail(id);
    expect(article).toMatchObject({
      id,
      title: "Safety first",
      status: 0,
      author: "Administrator",
      published_at: null,
    });
    const html = article.content;
    for (const bad of [
      "<script",
      "onclick",
      "onerror",
      "onmouseover",
      "javascript:",
      "data:",
      "<iframe",
      "<style",
      "<form",
      "<input",
      "<svg",
      "style=",
      "alert",
    ])
      expect(html).not.toContain(bad);
    expect(html).toContain("<h2>Welcome</h2>");
    expect(html).toContain("<strong>this</strong>");
    expect(html).toContain(
      '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">a site</a>',
    );
    expect(html).toContain('<img src="https://example.org/a.png" alt="A" />');
    expect(html).toContain("<p>Styled</p>");
    expect(article.excerpt).toBe("Welcome Read this & that and a site Styled");
    expect(await auditOf("article.add", id)).toEqual([
      expect.objectContaining({
        before: null,
        after: { title: "Safety first", status: 0 },
      }),
    ]);
  });

  it("cuts a long excerpt at 200 characters", async () => {
    const id = await add("Long", `<p>${"word ".repeat(100)}</p>`);
    const { excerpt } = await detail(id);
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt.endsWith("…")).toBe(true);
  });

  it("edits title and body, keeps the state, and records the change", async () => {
    const id = await add("Draft title", "<p>First words</p>", 1);
    const res = await call(
      "/manage/Article/edit",
      {
        id,
        title: "  Better title  ",
        content: "<p>Second <em>words</em></p>",
      },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const article = await detail(id);
    expect(article).toMatchObject({
      title: "Better title",
      content: "<p>Second <em>words</em></p>",
      excerpt: "Second words",
      status: 1,
    });
    expect(await auditOf("article.edit", id)).toEqual([
      expect.objectContaining({
        before: { title: "Draft title", length: 18 },
        after: { title: "Better title", length: 28 },
      }),
    ]);
  });

  it.each([
    ["an empty title", { title: "", content: "<p>x</p>" }, null],
    ["a blank title", { title: "   ", content: "<p>x</p>" }, null],
    [
      "a long title",
      { title: "t".repeat(101), content: "<p>x</p>" },
      "Enter a title of 1 to 100 characters",
    ],
    [
      "a body of nothing that shows",
      { title: "Empty", content: "<p>  </p><script>x</script>" },
      "Write the article: it cannot be empty or longer than 200,000 characters",
    ],
    [
      "a body over the limit",
      { title: "Huge", content: `<p>${"x".repeat(200_001)}</p>` },
      "Write the article: it cannot be empty or longer than 200,000 characters",
    ],
    ["status 2", { title: "Status", content: "<p>x</p>", status: 2 }, null],
    ["a title list", { title: ["a", "b"], content: "<p>x</p>" }, null],
  ])("add refuses %s and stores nothing", async (_label, body, msg) => {
    const before = await call("/manage/Article/index", { limit: 10 }, admin);
    const res = await call("/manage/Article/add", body, admin);
    expect(res.code).not.toBe(0);
    if (msg !== null) expect(res.msg).toBe(msg);
    const after = await call("/manage/Article/index", { limit: 10 }, admin);
    expect(after.count).toBe(before.count);
  });

  it("an edit to nothing changes nothing", async () => {
    const id = await add("Kept", "<p>Kept words</p>");
    const res = await call(
      "/manage/Article/edit",
      { id, title: "Lost", content: "<iframe></iframe>" },
      admin,
    );
    expect(res.code).not.toBe(0);
    expect(await detail(id)).toMatchObject({
      title: "Kept",
      content: "<p>Kept words</p>",
    });
  });

  it.each([
    ["/manage/Article/detail", {}],
    ["/manage/Article/edit", { title: "x", content: "<p>x</p>" }],
    ["/manage/Article/setStatus", { status: 1 }],
    ["/manage/Article/del", {}],
  ])("%s answers a missing id as not found", async (path, body) => {
    for (const id of [999_999, 0, -1]) {
      const res = await call(path, { ...body, id }, admin);
      expect(res.code).not.toBe(0);
      expect(res.msg).toBe("Article not found");
    }
  });
});

describe("publishing and reading", () => {
  it("users read only what is published; a draft answers like a missing article", async () => {
    const id = await add(
      "News of the week",
      "<p>Something <b>happened</b></p>",
    );
    const missing = await call(
      "/enterprise/article/detail",
      { id: 999_999 },
      reader,
    );
    const draft = await call("/enterprise/article/detail", { id }, reader);
    expect(draft).toEqual(missing);
    expect(draft.msg).toBe("Article not found");
    expect((await readerList()).list.some((a) => a.id === id)).toBe(false);

    const publish = await call(
      "/manage/Article/setStatus",
      { id, status: 1 },
      admin,
    );
    expect(publish.code, publish.msg).toBe(0);
    const { list, count } = await readerList();
    expect(list[0]).toMatchObject({
      id,
      title: "News of the week",
      status: 1,
      excerpt: "Something happened",
    });
    expect(list[0]).not.toHaveProperty("content");
    expect(count).toBe(list.length);
    expect(list.every((a) => a.status === 1)).toBe(true);
    const read = await call("/enterprise/article/detail", { id }, reader);
    expect(read.code, read.msg).toBe(0);
    const article = articles.articleRead.response.parse(read.data);
    expect(article.content).toBe("<p>Something <b>happened</b></p>");
    const firstPublished = article.published_at;
    expect(firstPublished).not.toBeNull();

    // Back to draft: gone for readers; published again, it keeps its first date.
    await call("/manage/Article/setStatus", { id, status: 0 }, admin);
    expect((await call("/enterprise/article/detail", { id }, reader)).msg).toBe(
      "Article not found",
    );
    await call("/manage/Article/setStatus", { id, status: 1 }, admin);
    expect((await detail(id)).published_at).toBe(firstPublished);
    const audit = await auditOf("article.status", id);
    expect(audit.map((e) => e.after)).toEqual([
      { status: 1 },
      { status: 0 },
      { status: 1 },
    ]);
  });

  it("the notices entry names the newest published article, never a draft", async () => {
    const entry = async () => {
      const res = await call("/enterprise/im/getContacts", {}, reader);
      expect(res.code, res.msg).toBe(0);
      return (
        res.data as { id: string; lastContent: string; lastSendTime: number }[]
      ).find((c) => c.id === "admin_notice");
    };
    await add("A quiet draft", "<p>Not yet</p>");
    expect((await entry())?.lastContent).not.toBe("A quiet draft");
    const id = await add("Fresh guide", "<p>Read me</p>", 1);
    const shown = await entry();
    expect(shown?.lastContent).toBe("Fresh guide");
    expect(shown?.lastSendTime).toBe((await detail(id)).published_at);
    // Taken back: the entry no longer names it.
    await call("/manage/Article/setStatus", { id, status: 0 }, admin);
    expect((await entry())?.lastContent).not.toBe("Fresh guide");
  });

  it("a visitor reads nothing", async () => {
    for (const path of [
      "/enterprise/article/index",
      "/enterprise/article/detail",
    ])
      expect((await call(path, { id: 1 }, null)).code).toBe(-1);
  });

  it("deletes for good, audited", async () => {
    const id = await add("Short-lived", "<p>Soon gone</p>", 1);
    const res = await call("/manage/Article/del", { id }, admin);
    expect(res.code, res.msg).toBe(0);
    expect((await readerList()).list.some((a) => a.id === id)).toBe(false);
    expect((await call("/manage/Article/del", { id }, admin)).msg).toBe(
      "Article not found",
    );
    expect(await auditOf("article.delete", id)).toEqual([
      expect.objectContaining({
        before: { title: "Short-lived", status: 1 },
        after: null,
      }),
    ]);
  });
});

describe("manage/Article/index", () => {
  it("filters by state and by words of the title in any case, wildcards literal, and pages", async () => {
    const a = await add("Quarterly REPORT 50%", "<p>a</p>", 1);
    const b = await add("quarterly plan", "<p>b</p>");
    await add("Quarterly_other", "<p>c</p>");
    const search = async (body: object) => {
      const res = await call("/manage/Article/index", body, admin);
      expect(res.code, res.msg).toBe(0);
      return {
        ids: articles.articleIndex.response.parse(res.data).map((x) => x.id),
        count: res.count,
      };
    };
    expect((await search({ keywords: "QUARTERLY " })).ids).toEqual(
      expect.arrayContaining([a, b]),
    );
    expect((await search({ keywords: "50%" })).ids).toEqual([a]);
    expect((await search({ keywords: "y_o" })).ids).toHaveLength(1);
    expect((await search({ keywords: "y%o" })).ids).toEqual([]);
    expect((await search({ keywords: "quarterly", status: 1 })).ids).toEqual([
      a,
    ]);
    const all = await search({ limit: 100 });
    const firstPage = await search({ limit: 10, page: 1 });
    expect(firstPage.count).toBe(all.count);
    expect(firstPage.ids).toEqual(all.ids.slice(0, 10));
    // Newest first.
    expect([...all.ids].sort((x, y) => y - x)).toEqual(all.ids);
  });

  it.each([{ limit: 7 }, { status: 2 }, { page: 0 }])(
    "refuses %j",
    async (body) => {
      const res = await call("/manage/Article/index", body, admin);
      expect(res.code).not.toBe(0);
    },
  );
});
