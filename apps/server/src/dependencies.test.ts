// The README promises Node 20.19+ (the root package.json's `engines`): every package the
// lockfile installs must accept the oldest Node that promise covers, and the one running
// the tests. npm only warns (EBADENGINE) when one does not, and the product then runs on a
// version its dependency never promised to support. Packages pinned below their newest
// release for that reason: @fastify/cookie 11.1.0 and light-my-request 6.6.0 (the root
// package.json's `overrides`; both later releases use cookie 2, which asks for Node 22),
// and sanitize-html 2.17.5 (2.17.6 and later ask for Node 22.12).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const readJson = (file: string): unknown =>
  JSON.parse(readFileSync(`${root}${file}`, "utf8"));

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

describe("dependencies and the Node the README asks for", () => {
  const manifest = readJson("package.json") as { engines: { node: string } };
  const lock = readJson("package-lock.json") as {
    packages: Record<string, LockedPackage>;
  };
  const oldest = semver.minVersion(manifest.engines.node)?.version ?? "none";

  it("asks for Node 20.19 or later, as the README says", () => {
    expect(oldest).toBe("20.19.0");
    expect(readFileSync(`${root}README.md`, "utf8")).toContain("Node 20.19+");
  });

  it.each([oldest, process.versions.node])(
    "every locked package accepts Node %s",
    (version) => {
      const refusing = Object.entries(lock.packages).flatMap(([path, pkg]) => {
        const range = Array.isArray(pkg.engines)
          ? undefined
          : pkg.engines?.node;
        return path && range && !semver.satisfies(version, range)
          ? [
              `${path.replace(/^.*node_modules\//, "")}@${String(pkg.version)} (${range})`,
            ]
          : [];
      });
      expect(refusing).toEqual([]);
    },
  );
});
