import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSpool } from "./app.js";

/*
 * The folder of uploads in progress (app.ts): processes of one installation share its
 * root, so an entry may be listed by one process and removed by another before it looks.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "parley-spool-"));
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("a process's spool folder", () => {
  it("opens beside an entry that is gone by the time it is looked at", () => {
    // A link to nothing: listed by readdir, missing to stat, as a folder removed meanwhile.
    fs.symlinkSync(
      path.join(root, "removed-meanwhile"),
      path.join(root, "gone"),
    );
    const dir = openSpool(root);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
  });

  it("removes a folder left a day ago, and keeps a fresh one", () => {
    const old = path.join(root, "old");
    const fresh = path.join(root, "fresh");
    fs.mkdirSync(old);
    fs.mkdirSync(fresh);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(old, twoDaysAgo, twoDaysAgo);
    openSpool(root);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
