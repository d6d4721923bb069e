import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 42's structure of the web client, held: features depend on each other one way
 * only (app/ composes the screens that need two of them), and the chat list's cache is
 * changed only through the contacts feature. ESLint holds the rest: a feature is reached
 * through its index.ts, never app/, and a screen calls the server through its feature's
 * queries module.
 */

const SRC = import.meta.dirname;
const FEATURES = path.join(SRC, "features");
const IMPORT = /(?:from\s+|import\()\s*"(\.{1,2}\/[^"]+)"/g;

/** The source files (tests aside) of a folder, as paths. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name));
}

/** Which features each feature's files import. */
function featureImports(): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>();
  for (const feature of fs.readdirSync(FEATURES)) {
    const found = new Set<string>();
    for (const file of sources(path.join(FEATURES, feature))) {
      for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
        const target = path.relative(
          FEATURES,
          path.resolve(path.dirname(file), match[1] ?? ""),
        );
        const other = target.split(path.sep)[0] ?? "";
        if (!target.startsWith("..") && other !== feature) found.add(other);
      }
    }
    uses.set(feature, found);
  }
  return uses;
}

describe("the web client's features", () => {
  it("never import each other: one of two depends on the other, or app/ joins them", () => {
    const uses = featureImports();
    const pairs: string[] = [];
    for (const [a, targets] of uses)
      for (const b of targets)
        if (a < b && uses.get(b)?.has(a)) pairs.push(`${a} ↔ ${b}`);
    expect(pairs).toEqual([]);
  });

  it("find their imports (the check above sees something)", () => {
    expect([...(featureImports().get("messages") ?? [])]).toContain("contacts");
  });

  it("change the chat list's cache only through the contacts feature", () => {
    const outside = [SRC]
      .flatMap(sources)
      .filter(
        (file) =>
          !file.startsWith(path.join(FEATURES, "contacts") + path.sep) &&
          fs.readFileSync(file, "utf8").includes("contactsKey"),
      )
      .map((file) => path.relative(SRC, file));
    expect(outside).toEqual([]);
  });
});
