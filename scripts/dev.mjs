#!/usr/bin/env node
// Development with hot reload: the server restarts on change (tsx watch) and Vite serves
// the web client on :5173 with its API and socket proxied to the server on :8080.
import { spawn } from "node:child_process";

const children = [
  spawn(
    "npx",
    ["tsx", "watch", "--clear-screen=false", "apps/server/src/main.ts"],
    { stdio: "inherit" },
  ),
  spawn("npm", ["run", "dev", "-w", "@parley/web"], { stdio: "inherit" }),
];

function stop() {
  for (const child of children) child.kill("SIGTERM");
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
