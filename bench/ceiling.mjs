#!/usr/bin/env node
// The HTTP ceiling of this box (reference/benchmarks.md §6.1, "skeleton twin"): a bare
// Fastify 5 server in its own process with what every product answer carries and nothing
// else — the same form-body parsing, the same security headers (bench/security-headers.mjs;
// bench/api.mjs checks at each run that both answer the same header names and policies), an
// envelope of the same shape and size. No session, no database, no validation.
//
//   POST /hello   answers {code, msg, key, data:{publicKey}, count, page} like the product's
//                 enterprise/push/publicKey
//   POST /same    answers the envelope last given to PUT /same (JSON), serialised anew each
//                 time as Fastify serialises the product's: the ceiling for a large answer
//                 such as getContacts, whose cost is mostly its bytes
//
// Started by bench/api.mjs in its own process; prints `port <n>` once listening, so the time
// from spawn to that line (and to a first answer) is also the bare cold start.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addSecurityHeaders } from "./security-headers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const Fastify = require("fastify");

const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
app.addContentTypeParser(
  "application/x-www-form-urlencoded",
  { parseAs: "string" },
  (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body))),
);
// The product's security headers, set as the product sets them (bench/security-headers.mjs).
addSecurityHeaders(app);
app.post("/hello", async () => ({
  code: 0,
  msg: "操作成功",
  key: "ok",
  data: { publicKey: "B".repeat(87) },
  count: 0,
  page: 0,
}));
let same = { code: 0, msg: "", data: null };
app.put("/same", async (request) => {
  same = request.body;
  return { code: 0 };
});
app.post("/same", async () => same);
await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`port ${app.server.address().port}`);
