import fs from "node:fs";
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
