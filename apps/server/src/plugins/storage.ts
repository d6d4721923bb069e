import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isStorageKey, STORAGE_PREFIX } from "../storage/storage.js";
import { IMMUTABLE } from "./web.js";

/**
 * Serves stored files read-only at `/storage/<key>` (wire-contract.md §5.8). Every stored
 * name is new for new content (content-addressed or random), so a file is cached for a
 * year, immutable. Only keys the server could have made are served: no dot files, no
 * half-written `.part` files, no way out of the root (`send` refuses `..` as well); any
 * other path answers the envelope's 404. A stored file never runs as a page of this origin.
 */
export function registerStorage(app: FastifyInstance, root: string): void {
  void app.register(fastifyStatic, {
    root,
    prefix: STORAGE_PREFIX,
    // The web client's registration (plugins/web.ts) owns reply.sendFile.
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    redirect: false,
    dotfiles: "deny",
    cacheControl: false,
    allowedPath: (pathName) => {
      const key = pathName.replace(/^\/+/, "");
      return isStorageKey(key) && !key.endsWith(".part");
    },
    setHeaders: (res) => {
      res.setHeader("Cache-Control", IMMUTABLE);
      // An uploaded page or SVG opened directly gets no script, no plugins, no origin.
      res.setHeader(
        "Content-Security-Policy",
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
    },
  });
}
