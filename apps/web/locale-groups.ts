import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
// By path, not the package: the config's loader bundles relative TypeScript only.
import { ALL_TEXTS } from "../../packages/protocol/src/texts/all";
import {
  groupOfNamespace,
  isFirstScreenText,
  LATER_SERVER_TEXT_GROUPS,
  NAMESPACE_GROUPS,
  type NamespaceGroup,
  SERVER_TEXTS_NAMESPACE,
} from "./src/i18n/namespaces";

/** The module src/i18n/index.ts imports its loaders from. */
const LOADERS = "virtual:parley-locales";
/** One language's group of namespaces: `virtual:parley-locales/<lang>/<group>`. */
const GROUP_PREFIX = `${LOADERS}/`;

const LOCALES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "src/i18n/locales",
);

/** The id Vite and Rolldown give a virtual module (the `\0` keeps other plugins off it). */
const resolved = (id: string) => `\0${id}`;

/** `[language, group]` of a group module's id (resolved or not), else null. */
export function localeGroupOf(
  id: string,
): [language: string, group: NamespaceGroup] | null {
  const bare = id.startsWith("\0") ? id.slice(1) : id;
  if (!bare.startsWith(GROUP_PREFIX)) return null;
  const [language = "", group = ""] = bare
    .slice(GROUP_PREFIX.length)
    .split("/");
  return group in NAMESPACE_GROUPS ? [language, group as NamespaceGroup] : null;
}

/**
 * The translations as one lazy module per language and namespace group (issue 14, F1).
 * `import.meta.glob` over the locale files put one loader per file in the script every
 * screen loads — 12 languages × 19 namespaces, some 5 kB gzipped of import paths — where
 * a screen only ever asks for a whole group. `virtual:parley-locales` exports
 * `loaders[language][group]`, each importing `virtual:parley-locales/<language>/<group>`:
 * that group's JSON files, as `{ [namespace]: texts }`, a chunk of its own. The group
 * holding the server texts' namespace also exports the protocol's texts of its language
 * the first screens can show as `serverTexts`, and the signed-in screens' groups the
 * others as `laterServerTexts` (src/i18n/namespaces.ts says which).
 */
export function localeGroups(): Plugin {
  return {
    name: "parley:locale-groups",
    resolveId(id) {
      return id === LOADERS || localeGroupOf(id) ? resolved(id) : null;
    },
    load(id) {
      if (id === resolved(LOADERS)) {
        const languages = fs
          .readdirSync(LOCALES, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
          .sort();
        const groups = Object.keys(NAMESPACE_GROUPS);
        const entries = languages.map((language) => {
          const loaders = groups.map(
            (group) =>
              `${group}: () => import(${JSON.stringify(`${GROUP_PREFIX}${language}/${group}`)})`,
          );
          return `${JSON.stringify(language)}: { ${loaders.join(", ")} }`;
        });
        return `export const loaders = { ${entries.join(",\n")} };`;
      }
      const group = localeGroupOf(id);
      if (!group || !id.startsWith("\0")) return null;
      const [language, name] = group;
      const files = NAMESPACE_GROUPS[name].filter((ns) =>
        fs.existsSync(path.join(LOCALES, language, `${ns}.json`)),
      );
      const imports = files.map(
        (ns, i) =>
          `import n${String(i)} from ${JSON.stringify(path.join(LOCALES, language, `${ns}.json`))};`,
      );
      const fields = files.map((ns, i) => `${ns}: n${String(i)}`);
      // The server's texts of the language, written in as data: the first screens' with
      // the server texts' namespace, the rest with the signed-in screens' groups.
      const all: Record<string, string> =
        (ALL_TEXTS as Record<string, Record<string, string> | undefined>)[
          language
        ] ?? {};
      const part = (first: boolean) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(all).filter(
              ([key]) => isFirstScreenText(key) === first,
            ),
          ),
        );
      if (groupOfNamespace(SERVER_TEXTS_NAMESPACE) === name)
        imports.push(`export const serverTexts = ${part(true)};`);
      if (LATER_SERVER_TEXT_GROUPS.includes(name))
        imports.push(`export const laterServerTexts = ${part(false)};`);
      return `${imports.join("\n")}\nexport const texts = { ${fields.join(", ")} };`;
    },
  };
}
