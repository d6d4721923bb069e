// The product's security headers for the bench's ceilings (plugins/security-headers.ts):
// helmet with the product's settings, worked out once and set from a list on each answer,
// as the product does, so a ceiling spends on its headers what the product spends, and
// answers the same bytes. bench/api.mjs checks at each run that the names and policies
// still match the product's.
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const helmet = require("helmet");

// The built page's inline scripts, allowed by their SHA-256 as the product allows them
// (plugins/web.ts inlineScriptHashes): the page the product serves in the same run.
const page = path.join(root, "apps/web/dist/index.html");
const pageScripts = fs.existsSync(page)
  ? [
      ...fs
        .readFileSync(page, "utf8")
        .replace(/\r\n?/g, "\n")
        .matchAll(/<script>([\s\S]*?)<\/script>/g),
    ].map(
      (match) =>
        `'sha256-${createHash("sha256").update(match[1]).digest("base64")}'`,
    )
  : [];

const headers = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...pageScripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
      mediaSrc: ["'self'", "blob:", "data:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", "ws:", "wss:"],
      frameSrc: ["'self'"],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  frameguard: { action: "sameorigin" },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: "same-site" },
  strictTransportSecurity: false,
});

const set = [];
const removed = [];
headers(
  new http.IncomingMessage(new net.Socket()),
  {
    setHeader: (name, value) =>
      set.push([name, Array.isArray(value) ? value.join(", ") : String(value)]),
    removeHeader: (name) => removed.push(name),
  },
  () => {},
);
set.push([
  "Permissions-Policy",
  "camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()",
]);

/** Every answer of a Fastify app gets the product's security headers. */
export function addSecurityHeaders(app) {
  app.addHook("onRequest", (request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
