import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 42's structure, held: no hand-written file over 600 lines, and each table has one
 * owning feature whose files alone write it; another feature asks through the owner's
 * port. docs/ARCHITECTURE.md lists the same owners. Migrations (db/) create and reshape
 * every table and are not features.
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
  favourites: "messages",
  notices: "notices",
  notice_reads: "notices",
  push_subscriptions: "push",
  config: "system",
  tasks: "tasks",
  task_log: "tasks",
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
