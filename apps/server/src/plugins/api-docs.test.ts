import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/build-test-app.js";
import { openApiDocument, protocolCalls } from "../openapi/document.js";

/*
 * Issue 48, the API's description (extensions.md §9): `/api/openapi.json` without a
 * session, OpenAPI 3.1, every call the server registered a `post` at its path with its
 * request schema, the envelope and the token scheme; `/api/docs` a page whose scripts are
 * this server's own (the CSP allows nothing else).
 */

const app = useTestApp();

interface Operation {
  security: unknown[];
  requestBody: { content: Record<string, { schema: { type?: string } }> };
  responses: Record<string, unknown>;
}

async function document() {
  const res = await fetch(`${app().url}/api/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  return (await res.json()) as {
    openapi: string;
    paths: Record<string, { post?: Operation }>;
    components: { securitySchemes: Record<string, { scheme?: string }> };
  };
}

describe("the API's description", () => {
  it("lists every call the server answers, each a post with its request and the envelope", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const registered: string[] = app().services.registeredCalls.map(
      (c) => c.path,
    );
    expect(registered.length).toBeGreaterThan(100);
    const missing = registered.filter((path) => !doc.paths[path]?.post);
    expect(missing).toEqual([]);
    // And nothing the server does not answer.
    const extra = Object.keys(doc.paths).filter(
      (path) => !registered.includes(path),
    );
    expect(extra).toEqual([]);
    const login = doc.paths["/common/pub/login"]?.post;
    expect(login?.security).toEqual([]);
    expect(Object.keys(login?.requestBody.content ?? {})).toEqual([
      "application/json",
      "application/x-www-form-urlencoded",
    ]);
    expect(login?.requestBody.content["application/json"]?.schema.type).toBe(
      "object",
    );
    expect(doc.paths["/enterprise/im/sendMessage"]?.post?.security).toEqual([
      { token: [] },
    ]);
    const upload = doc.paths["/common/upload/uploadFile"]?.post;
    expect(Object.keys(upload?.requestBody.content ?? {})).toEqual([
      "multipart/form-data",
    ]);
    expect(doc.components.securitySchemes.token?.scheme).toBe("bearer");
  });

  it("is made from the protocol's descriptors: a call described there is in it", () => {
    const doc = openApiDocument() as { paths: Record<string, unknown> };
    for (const call of protocolCalls())
      expect(doc.paths[call.path], call.path).toBeDefined();
  });

  it("shows /api/docs with scripts of this server only", async () => {
    const page = await fetch(`${app().url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(scripts).toEqual([
      "/api/docs/assets/swagger-ui-bundle.js",
      "/api/docs/init.js",
    ]);
    expect(html).not.toMatch(/<script>/);
    // Each body read to its end: a connection left mid-body would hold the server's close.
    const status = async (src: string) => {
      const res = await fetch(`${app().url}${src}`);
      await res.arrayBuffer();
      return res.status;
    };
    for (const src of [...scripts, "/api/docs/assets/swagger-ui.css"])
      expect(await status(src ?? ""), src).toBe(200);
    // Only the viewer's own files are served from its folder.
    expect(await status("/api/docs/assets/package.json")).not.toBe(200);
    expect(await status("/api/docs/assets/../../../package.json")).not.toBe(
      200,
    );
  });
});
