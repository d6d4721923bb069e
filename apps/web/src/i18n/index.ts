import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_TAGS,
  languageFromAcceptLanguage,
  LANGUAGES,
} from "@parley/protocol";
import type { Locale } from "antd/es/locale";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { readString, StorageKeys, write } from "../lib/storage";
import { antdLocaleOf, loadAntdLocale } from "./antd-locales";
import {
  type GroupModule,
  type GroupTexts,
  loaders,
} from "virtual:parley-locales";
import {
  groupOfNamespace,
  NAMESPACE_GROUPS,
  type NamespaceGroup,
  SERVER_TEXTS_NAMESPACE,
} from "./namespaces";

export { loadAntdLocale } from "./antd-locales";
export { NAMESPACES } from "./namespaces";

/** Each language's groups being fetched or fetched: a screen asks for several namespaces. */
const groupsFetched = new Map<string, Promise<GroupTexts>>();

/**
 * A group's namespaces as i18next reads them. The server texts' namespace gains the
 * protocol's texts of the language as `keys` (`errors:keys.<message key>`: the words the
 * server's `msg` has), their `{name}` placeholders written as i18next's `{{name}}`.
 */
function namespacesOf({ texts, serverTexts }: GroupModule): GroupTexts {
  if (!serverTexts) return texts;
  return {
    ...texts,
    [SERVER_TEXTS_NAMESPACE]: {
      ...texts[SERVER_TEXTS_NAMESPACE],
      keys: asI18next(serverTexts),
    },
  };
}

/** Server texts as i18next reads them: `{name}` placeholders as `{{name}}`. */
function asI18next(
  texts: Partial<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).map(([key, text = ""]) => [
      key,
      text.replace(/\{(\w+)\}/g, "{{$1}}"),
    ]),
  );
}

/**
 * A signed-in group's share of the server texts, added to the server texts' namespace
 * (loaded with the first screens, before any signed-in one).
 */
function addLaterServerTexts(language: string, module: GroupModule): void {
  if (!module.laterServerTexts) return;
  i18n.addResourceBundle(
    language,
    SERVER_TEXTS_NAMESPACE,
    { keys: asI18next(module.laterServerTexts) },
    true,
    true,
  );
}

/** A language's group of namespaces, fetched once (a failed fetch may be asked again). */
function fetchGroup(
  language: string,
  group: NamespaceGroup,
): Promise<GroupTexts> {
  const key = `${language}/${group}`;
  let texts = groupsFetched.get(key);
  if (!texts) {
    const load = loaders[language]?.[group];
    texts = load
      ? load().then(
          (module) => {
            addLaterServerTexts(language, module);
            return namespacesOf(module);
          },
          (error: unknown) => {
            groupsFetched.delete(key);
            throw error;
          },
        )
      : Promise.resolve({});
    groupsFetched.set(key, texts);
  }
  return texts;
}

/**
 * i18next asks for one language and namespace at a time; the build puts one language's
 * namespaces of one group in one chunk (../../locale-groups.ts), so a group costs one
 * request and the other eleven languages cost nothing.
 */
const lazyLocales: BackendModule = {
  type: "backend",
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    const group = groupOfNamespace(namespace);
    if (!group) {
      callback(null, {});
      return;
    }
    fetchGroup(language, group).then(
      (texts) => callback(null, texts[namespace] ?? {}),
      (error: unknown) =>
        callback(error instanceof Error ? error : String(error), null),
    );
  },
};

/**
 * The first of the 12 languages the browser lists (`navigator.languages`, most wanted
 * first), by the same tag mapping the server applies to `Accept-Language`.
 */
export function browserLanguage(
  languages: readonly string[],
): Language | undefined {
  return languageFromAcceptLanguage(languages.join(","));
}

/**
 * The language of the first render: the choice saved in this browser, else the browser's
 * own language, else zh (SPEC §1). Decided before anything shows, so the page never loads
 * twice to change it.
 */
export function initialLanguage(
  saved: string | null,
  languages: readonly string[],
): Language {
  if (isLanguage(saved)) return saved;
  return browserLanguage(languages) ?? DEFAULT_LANGUAGE;
}

/** Keeps the choice for the next start. */
export function saveLanguage(lang: Language): void {
  write(StorageKeys.lang, lang);
}

const startLanguage = initialLanguage(
  readString(StorageKeys.lang),
  navigator.languages,
);

export const i18n = i18next.createInstance();

const initialised = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: startLanguage,
    supportedLngs: [...LANGUAGES],
    // Partial translations fall back to English, traditional Chinese to simplified.
    fallbackLng: { ft: ["zh"], default: ["en"] },
    // The other groups load with the screens that show them (loadNamespaceGroup).
    ns: [...NAMESPACE_GROUPS.shell],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

/*
 * Plural forms follow the language's BCP-47 tag: our codes (`ry`, `fy`, `e`…) are not
 * locales, and Intl.PluralRules would read them as another language or none.
 */
// i18next types its services loosely; the resolver's getRule(code, options) is its public hook.
const pluralResolver = i18n.services.pluralResolver as {
  getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
};
const ruleOf = pluralResolver.getRule.bind(pluralResolver);
pluralResolver.getRule = (code, options) =>
  ruleOf(isLanguage(code) ? LANGUAGE_TAGS[code] : code, options);

/** The language shown now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Resolves once the first language is loaded with its fallback: the first render waits for
 * it, so nobody sees a raw key. Ant Design's pack is not waited for here: the login screen
 * has no antd; antd's shell fetches the pack before it shows (app/router.tsx).
 */
export async function i18nReady(): Promise<void> {
  await initialised;
}

/**
 * Fetches a group of namespaces in the language shown (and its fallback) before a screen
 * that shows them renders, so no raw key flashes. A language switched to later loads every
 * namespace fetched so far. Rejects when the texts did not arrive (a deploy replaced the
 * chunks): the lazy page's retry then reloads.
 */
export async function loadNamespaceGroup(group: NamespaceGroup): Promise<void> {
  const namespaces = [...NAMESPACE_GROUPS[group]];
  await i18n.loadNamespaces(namespaces);
  const lang = currentLanguage();
  const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(lang, ns));
  if (missing.length > 0)
    throw new Error(`texts missing: ${lang}/${missing.join(", ")}`);
}

/**
 * Fetches everything a language shows (the namespaces loaded so far, their fallback,
 * antd's pack).
 */
export async function loadLanguage(lang: Language): Promise<void> {
  await Promise.all([i18n.loadLanguages(lang), loadAntdLocale(lang)]);
}

/**
 * Shows another language in place: loaded first, then switched, so the screen changes
 * once, with what is open staying open; the choice is kept for the next start.
 */
export async function switchLanguage(lang: Language): Promise<void> {
  saveLanguage(lang);
  await loadLanguage(lang).catch(() => undefined);
  if (!i18n.hasResourceBundle(lang, "common") || !antdLocaleOf(lang)) {
    // A deploy replaced the chunks this page knows: the new page starts in the language.
    window.location.reload();
    return;
  }
  await i18n.changeLanguage(lang);
}

/** The language shown, re-rendering on a switch. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}

/** Ant Design's pack for the language shown (loaded with it). */
export function useAntdLocale(): Locale | undefined {
  return antdLocaleOf(useLanguage());
}

/** The names of the 12 languages, each in its own language, for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh: "简体中文",
  en: "English",
  ft: "繁體中文",
  ry: "Русский",
  hy: "Deutsch",
  ty: "ไทย",
  yn: "Tiếng Việt",
  yny: "Bahasa Indonesia",
  fy: "Français",
  e: "한국어",
  ptyy: "Português",
  dy: "日本語",
};

/** The antd/BCP-47 tag of each language code (shared with the server). */
export { LANGUAGE_TAGS };
