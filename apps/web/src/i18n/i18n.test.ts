import fs from "node:fs";
import path from "node:path";
import {
  fillText,
  LANGUAGES,
  MESSAGE_KEYS,
  placeholdersOf,
} from "@parley/protocol";
import { ALL_TEXTS } from "@parley/protocol/texts/all";
import { describe, expect, it } from "vitest";
import { i18n, LANGUAGE_NAMES, NAMESPACES } from "./index";
import { SERVER_TEXTS_NAMESPACE } from "./namespaces";

/** The protocol's texts (the server's `msg`), which the errors namespace shows as `keys`. */
const SERVER_TEXTS = ALL_TEXTS;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string"
      ? [`${prefix}${key}`]
      : flatten(value, `${prefix}${key}.`),
  );
}

/** Every locale file as `resources[lang][namespace]`, read from disk. */
function readResources(): Record<string, Record<string, Tree>> {
  const dir = path.resolve(__dirname, "locales");
  const resources: Record<string, Record<string, Tree>> = {};
  for (const lang of fs.readdirSync(dir)) {
    for (const file of fs.readdirSync(path.join(dir, lang))) {
      resources[lang] ??= {};
      // Locale files are nested string objects.
      resources[lang][file.replace(/\.json$/, "")] = JSON.parse(
        fs.readFileSync(path.join(dir, lang, file), "utf8"),
      ) as Tree;
    }
  }
  return resources;
}

const resources = readResources();
// Plural forms (`key_one`, `key_other`, …) differ by language; they count as their base key.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/**
 * The keys of a namespace in a language; the server texts' namespace has every message key
 * under `keys` besides its file's (the protocol's texts, whole in every language: the
 * protocol's tests and types hold that).
 */
const keysOf = (lang: string, ns: string) =>
  new Set([
    ...flatten(resources[lang]?.[ns] ?? {}).map((key) =>
      key.replace(PLURAL_SUFFIX, ""),
    ),
    ...(ns === SERVER_TEXTS_NAMESPACE
      ? MESSAGE_KEYS.map((key) => `keys.${key}`)
      : []),
  ]);

/** Every literal key a source file asks for, with its namespace. */
function usedKeys(): Array<{ file: string; ns: string; key: string }> {
  const root = path.resolve(__dirname, "..");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        files.push(full);
    }
  };
  walk(root);
  const found: Array<{ file: string; ns: string; key: string }> = [];
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    const declared =
      /useTranslation\(\s*(?:\[\s*)?"(\w+)"/.exec(source)?.[1] ?? "common";
    for (const match of source.matchAll(/\bt\(\s*"([\w.:]+)"/g)) {
      const raw = match[1] ?? "";
      const [ns, key] = raw.includes(":")
        ? // The pattern allows one "ns:" prefix, so a colon splits into two parts.
          (raw.split(":") as [string, string])
        : [declared, raw];
      found.push({ file: path.relative(root, file), ns, key });
    }
  }
  return found;
}

describe("translations", () => {
  it("registers all 12 languages of SPEC §1, each with a name, zh by default", () => {
    expect(Object.keys(LANGUAGE_NAMES)).toEqual([...LANGUAGES]);
    expect(i18n.options.supportedLngs).toEqual(
      expect.arrayContaining([...LANGUAGES]),
    );
    for (const lang of LANGUAGES) expect(resources[lang], lang).toBeDefined();
  });

  it.each(NAMESPACES)("has the same keys in zh and en for %s", (ns) => {
    const zh = keysOf("zh", ns);
    const en = keysOf("en", ns);
    expect(
      [...zh].filter((k) => !en.has(k)),
      "missing in en",
    ).toEqual([]);
    expect(
      [...en].filter((k) => !zh.has(k)),
      "missing in zh",
    ).toEqual([]);
  });

  it("keeps the server's texts in the protocol only, not in a locale file", () => {
    for (const lang of LANGUAGES)
      expect(
        resources[lang]?.[SERVER_TEXTS_NAMESPACE],
        lang,
      ).not.toHaveProperty("keys");
  });

  it("words every server message key in all 12 languages as the server does", async () => {
    await i18n.loadLanguages([...LANGUAGES]);
    // The first screens' server texts come with their namespace, the rest with the
    // signed-in screens' groups (namespaces.ts): one of those loaded, every key is there.
    await i18n.reloadResources([...LANGUAGES], ["messages"]);
    for (const lang of LANGUAGES) {
      const t = i18n.getFixedT(lang, SERVER_TEXTS_NAMESPACE);
      const differ = MESSAGE_KEYS.filter((key) => {
        const text = SERVER_TEXTS[lang][key];
        // Each placeholder gets a value of its own name, `when` a wait already in words.
        const params = Object.fromEntries(
          placeholdersOf(text).map((name) => [name, `<${name}>`]),
        );
        return t(`keys.${key}`, params) !== fillText(text, lang, params);
      });
      expect(differ, lang).toEqual([]);
    }
  });

  // It reads every source file: on a machine busy with other suites that takes longer
  // than vitest's default 5 s (a guard against a hang, not a figure).
  it(
    "has every key the code asks for in all 12 languages",
    { timeout: 30_000 },
    () => {
      const used = usedKeys();
      expect(used.length).toBeGreaterThan(50);
      for (const lang of LANGUAGES) {
        const missing = used.filter(
          ({ ns, key }) => !keysOf(lang, ns).has(key),
        );
        expect(missing, lang).toEqual([]);
      }
    },
  );

  it.each(NAMESPACES)(
    "has every key of en in each of the 12 languages for %s",
    (ns) => {
      const en = keysOf("en", ns);
      for (const lang of LANGUAGES) {
        const keys = keysOf(lang, ns);
        expect(
          [...en].filter((k) => !keys.has(k)),
          `missing in ${lang}/${ns}`,
        ).toEqual([]);
      }
    },
  );

  it("gives every plural key its `other` form in every language", () => {
    const missing: string[] = [];
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) {
        const keys = flatten(resources[lang]?.[ns] ?? {});
        for (const key of keys.filter((k) => PLURAL_SUFFIX.test(k))) {
          const other = key.replace(PLURAL_SUFFIX, "_other");
          if (!keys.includes(other)) missing.push(`${lang}/${ns}: ${other}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("gives other languages no key that en lacks, so nothing stale lingers", () => {
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) {
        const en = keysOf("en", ns);
        expect(
          [...keysOf(lang, ns)].filter((k) => !en.has(k)),
          `${lang}/${ns}`,
        ).toEqual([]);
      }
    }
  });

  it("picks plural forms by each language's own rules, not by our codes", async () => {
    await i18n.loadLanguages(["ry", "fy"]);
    await i18n.loadNamespaces("messages");
    const ru = i18n.getFixedT("ry", "messages");
    expect(ru("list.jumpToNew", { count: 3 })).toBe("3 новых сообщения");
    expect(ru("list.jumpToNew", { count: 5 })).toBe("5 новых сообщений");
    expect(ru("list.jumpToNew", { count: 21 })).toBe("21 новое сообщение");
  });
});
