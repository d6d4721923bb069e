import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 42's structure, held: no hand-written file over 600 lines; each table has one
 * owning feature whose files alone write it, another feature asks through the owner's
 * port; and the features import one another down one layer order, so no two depend on
 * each other. docs/ARCHITECTURE.md lists the same owners and order. Migrations (db/)
 * create and reshape every table and are not features.
 */

/** Every table, and the feature that alone writes it. */
const OWNER: Record<string, string> = {
  users: "accounts",
  sessions: "accounts",
  verification_codes: "accounts",
  articles: "articles",
  audit_log: "audit",
  complaints: "complaints",
  invite_codes: "accounts",
  friends: "friends",
  friend_applications: "friends",
  groups: "groups",
  group_members: "groups",
  files: "files",
  blobs: "files",
  messages: "messages",
  conversations: "messages",
  user_conversations: "messages",
  message_mentions: "messages",
  message_hides: "messages",
  message_reactions: "messages",
  message_edits: "messages",
  message_threads: "messages",
  thread_follows: "messages",
  link_previews: "previews",
  favourites: "messages",
  notices: "notices",
  notice_reads: "notices",
  push_subscriptions: "push",
  config: "system",
  tasks: "tasks",
  task_log: "tasks",
  user_totp: "signin",
  totp_recovery_codes: "signin",
  user_identities: "signin",
  hooks: "integrations",
  hook_deliveries: "integrations",
  hook_outbox: "integrations",
  commands: "integrations",
};

const FEATURES = path.join(import.meta.dirname, "features");
const WRITE = /\.(?:insertInto|updateTable|deleteFrom|replaceInto)\(\s*"(\w+)/g;

/** Each feature's writes, as "<feature> writes <table>", from its source files. */
function writes(): Set<string> {
  const found = new Set<string>();
  for (const feature of fs.readdirSync(FEATURES)) {
    const dir = path.join(FEATURES, feature);
    for (const file of fs.readdirSync(dir, { recursive: true })) {
      const name = String(file);
      if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
      const source = fs.readFileSync(path.join(dir, name), "utf8");
      for (const match of source.matchAll(WRITE))
        found.add(`${feature} writes ${match[1] ?? ""}`);
    }
  }
  return found;
}

describe("who writes each table", () => {
  const found = writes();

  it("knows every table written", () => {
    const tables = [...found].map((w) => w.split(" writes ")[1] ?? "");
    expect(tables.filter((table) => !(table in OWNER))).toEqual([]);
  });

  it("lets only the owner write a table", () => {
    const foreign = [...found].filter((w) => {
      const [feature, table] = w.split(" writes ");
      return OWNER[table ?? ""] !== feature;
    });
    expect(foreign).toEqual([]);
  });

  it("has only the messages feature write the messages and their chats", () => {
    const messageTables = Object.keys(OWNER).filter(
      (table) => OWNER[table] === "messages",
    );
    const writers = [...found]
      .filter((w) => messageTables.includes(w.split(" writes ")[1] ?? ""))
      .map((w) => w.split(" writes ")[0]);
    expect(new Set(writers)).toEqual(new Set(["messages"]));
  });
});

/** Past this a file holds more than one concern (HOUSE-STYLE: about 300 is a soft limit). */
const MAX_LINES = 600;

describe("the size of each file", () => {
  it("keeps every hand-written server file under 600 lines (migrations aside)", () => {
    const root = import.meta.dirname;
    const long = fs
      .readdirSync(root, { recursive: true })
      .map(String)
      .filter(
        (name) =>
          name.endsWith(".ts") &&
          !name.endsWith(".test.ts") &&
          !name.startsWith(path.join("db", "migrations")),
      )
      .map((name) => ({
        name,
        lines: fs.readFileSync(path.join(root, name), "utf8").split("\n")
          .length,
      }))
      .filter((file) => file.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

/**
 * The server's features, lower first (docs/ARCHITECTURE.md, and app.ts's module list): a
 * feature imports only features before it. One above is heard through its events, or read
 * through a read interface the lower feature declares and app.ts wires; never imported.
 */
const LAYERS = [
  "audit",
  "system",
  "accounts",
  "signin",
  "settings",
  "push",
  "articles",
  "notices",
  "messages",
  "friends",
  "groups",
  "files",
  "previews",
  "contacts",
  "people",
  "calls",
  "complaints",
  "console",
  "tasks",
  "socket",
  "search",
  "integrations",
];

/** Every module a source names: imports (type-only too), re-exports, dynamic imports. */
const SPECIFIER =
  /\b(?:import|export)\s+(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The modules a source file names, as written. */
function specifiers(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map(
    (match) => match[1] ?? match[2] ?? "",
  );
}

/** One feature's file naming a module of another feature. */
interface FeatureImport {
  from: string;
  to: string;
  file: string;
}

/** Every import of one feature's module by another feature's source file (tests aside). */
function featureImports(): FeatureImport[] {
  const found: FeatureImport[] = [];
  for (const from of fs.readdirSync(FEATURES)) {
    const dir = path.join(FEATURES, from);
    for (const entry of fs.readdirSync(dir, { recursive: true })) {
      const name = String(entry);
      if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
      const file = path.join(dir, name);
      for (const spec of specifiers(fs.readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = path.relative(
          FEATURES,
          path.resolve(path.dirname(file), spec),
        );
        const [to = ""] = target.split(path.sep);
        if (to === ".." || to === from || !target.includes(path.sep)) continue;
        found.push({ from, to, file: path.relative(FEATURES, file) });
      }
    }
  }
  return found;
}

describe("the features' layers", () => {
  const found = featureImports();

  it("reads every kind of import a feature can make of another", () => {
    const source = [
      'import type {\n  A,\n  B,\n} from "../a/a.ports.js";',
      'import { type C, d } from "../c/c.mapper.js";',
      'export type { E } from "../e/e.service.js";',
      'import "../f/f.js";',
      'type G = import("../g/g.js").G;',
    ].join("\n");
    expect(specifiers(source)).toEqual([
      "../a/a.ports.js",
      "../c/c.mapper.js",
      "../e/e.service.js",
      "../f/f.js",
      "../g/g.js",
    ]);
    expect(found.length).toBeGreaterThan(0);
  });

  it("knows every feature", () => {
    expect([...LAYERS].sort()).toEqual(fs.readdirSync(FEATURES).sort());
  });

  it("has app.ts build the features in this order (an emitter before its listeners)", () => {
    const app = fs.readFileSync(
      path.join(import.meta.dirname, "app.ts"),
      "utf8",
    );
    const built = [...app.matchAll(/\bwire\((\w+)Module\b/g)].map(
      (match) => match[1],
    );
    expect(built).toEqual(LAYERS);
  });

  it("has no two features importing each other", () => {
    const both = found
      .filter((i) =>
        found.some((back) => back.from === i.to && back.to === i.from),
      )
      .map((i) => `${[i.from, i.to].sort().join(" <-> ")}: ${i.file}`);
    expect([...new Set(both)].sort()).toEqual([]);
  });

  it("has every feature import only features below it", () => {
    const upward = found
      .filter((i) => LAYERS.indexOf(i.to) >= LAYERS.indexOf(i.from))
      .map((i) => `${i.file} imports ${i.to}, above ${i.from}`);
    expect(upward).toEqual([]);
  });
});
