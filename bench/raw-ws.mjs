#!/usr/bin/env node
// The fan-out ceiling of this box (reference/benchmarks.md §6.1, "skeleton twin"): a bare
// `ws` server with the product's socket options and nothing else. A socket joins the room
// named in its URL (`/?room=g50`); every frame a socket sends is sent back, as the same
// bytes and as a text frame, to every socket of its room, the sender included, as the
// product pushes a group message to every member. No JSON, no auth, no storage.
//
// Started by bench/groups.mjs in its own process; prints `port <n>` once listening.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const { WebSocketServer } = require("ws");

const rooms = new Map();
const wss = new WebSocketServer({
  port: 0,
  host: "127.0.0.1",
  perMessageDeflate: false,
  maxPayload: 64 * 1024,
  // The product's listen queue (apps/server/src/main.ts).
  backlog: 4096,
});
wss.on("connection", (ws, request) => {
  const name =
    new URL(request.url ?? "/", "http://x").searchParams.get("room") ?? "";
  let room = rooms.get(name);
  if (!room) {
    room = new Set();
    rooms.set(name, room);
  }
  room.add(ws);
  ws.on("message", (data) => {
    for (const peer of room) peer.send(data, { binary: false });
  });
  ws.on("close", () => room.delete(ws));
  ws.on("error", () => {});
});
wss.on("listening", () => {
  console.log(`port ${wss.address().port}`);
});
process.on("SIGTERM", () => {
  for (const ws of wss.clients) ws.terminate();
  wss.close(() => process.exit(0));
});
