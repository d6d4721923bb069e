import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { envelope } from "./envelope.js";
import {
  isPublicKey,
  STORAGE_PREFIX,
  type Storage,
} from "../storage/storage.js";
import { requestLanguage } from "./language.js";
import { IMMUTABLE } from "./web.js";

/** The picture types the server writes avatars as (sharp's output), by extension. */
const PICTURE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** Answers a stored path that is not a public picture exactly like an unknown path. */
function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(envelope(requestLanguage(request), 404, "request.notFound"));
}

/**
 * Serves public stored files, the avatars of people and groups, read-only at
 * `/storage/<key>` (wire-contract.md §5.8), from whichever storage holds them. Every such
 * name is new for new content, so a file is cached for a year, immutable. Only keys of the
 * public folders are served, and only as a picture: chat files live in storage too but go
 * out only through the files feature's access check; half-written `.part` files, dot
 * files and paths that leave the root answer 404.
 */
export function registerStorage(app: FastifyInstance, storage: Storage): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { "*": raw = "" } = request.params as { "*"?: string };
    const key = raw.replace(/^\/+/, "");
    const type = PICTURE_TYPES[key.slice(key.lastIndexOf(".") + 1)];
    if (!isPublicKey(key) || key.endsWith(".part") || !type)
      return notFound(request, reply);
    const body = await storage.stream(key);
    if (!body) return notFound(request, reply);
    return reply
      .header("Content-Type", type)
      .header("Cache-Control", IMMUTABLE)
      .header(
        "Content-Security-Policy",
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .send(body);
  };
  app.get(`${STORAGE_PREFIX}*`, serve);
}
