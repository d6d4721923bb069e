import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Built files under /assets carry a content hash in their name: a new build, a new name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The page and unhashed files: asked again every time (an ETag makes that cheap). */
export const REVALIDATE = "no-cache";

/**
 * Serves the built web client (`npm run build`) when there is one: the `.br` or `.gz` copy
 * the build wrote beside a file when the browser accepts it, else the file itself; hashed
 * assets cached for a year, the page never without asking. A path the build has no file
 * for answers the envelope's 404, as every unknown path does.
 */
export function registerWeb(app: FastifyInstance, root: string): void {
  if (!fs.existsSync(root)) return;
  // Its own scope: the cache rules apply to these files, never to an API answer.
  void app.register(async (scope) => {
    // oxlint-disable-next-line typescript/require-await -- Fastify calls a hook without a callback only when it is async
    scope.addHook("onSend", async (request, reply) => {
      if (reply.statusCode !== 200 && reply.statusCode !== 304) return;
      void reply.header(
        "Cache-Control",
        request.url.startsWith("/assets/") ? IMMUTABLE : REVALIDATE,
      );
      // Caches between must keep the br, gzip and plain copies apart.
      void reply.header("Vary", "Accept-Encoding");
    });
    await scope.register(fastifyStatic, {
      root,
      prefix: "/",
      // One route for every file, looked up when asked: a route per built file made each
      // start list the folder and register hundreds of routes (issue 14's cold start).
      wildcard: true,
      // An array: with a plain string the compressed lookup finds no index for "/".
      index: ["index.html"],
      preCompressed: true,
      cacheControl: false,
      // The compressed copies are chosen by Accept-Encoding, never fetched by name.
      allowedPath: (pathName) => !/\.(br|gz)$/i.test(pathName),
    });
  });
}

/** An inline classic script of the page: `<script>` with no attributes, no `src`. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The base64 SHA-256 digests of the built page's inline scripts, for the CSP to allow
 * those exact scripts (security-headers.ts); none when there is no built page. The text
 * is hashed as the browser reads it: line breaks as LF.
 */
export function inlineScriptHashes(root: string): string[] {
  const page = path.join(root, "index.html");
  if (!fs.existsSync(page)) return [];
  const html = fs.readFileSync(page, "utf8").replace(/\r\n?/g, "\n");
  return [...html.matchAll(INLINE_SCRIPT)].map((match) =>
    createHash("sha256")
      .update(match[1] ?? "")
      .digest("base64"),
  );
}
