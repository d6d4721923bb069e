import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGES,
} from "@parley/protocol";
import i18next, { type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { readString, StorageKeys, write } from "../lib/storage";

/** The namespaces, one per feature (HOUSE-STYLE §4). */
export const NAMESPACES = [
  "common",
  "accounts",
  "messages",
  "contacts",
  "settings",
  "console",
  "errors",
] as const;

const files = import.meta.glob<{ default: Record<string, unknown> }>(
  "./locales/*/*.json",
  { eager: true },
);

/** Every locale file, as `resources[lang][namespace]`. */
export function loadResources(): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(files)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    const lang = match[1];
    resources[lang] ??= {};
    resources[lang][match[2]] = module.default;
  }
  return resources;
}

/** The language the client shows: the saved choice, else zh (SPEC §1). */
export function savedLanguage(): Language {
  const saved = readString(StorageKeys.lang);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** Keeps the choice for the next start. */
export function saveLanguage(lang: Language): void {
  write(StorageKeys.lang, lang);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: loadResources(),
  lng: savedLanguage(),
  supportedLngs: [...LANGUAGES],
  // Partial translations fall back to English, traditional Chinese to simplified.
  fallbackLng: { ft: ["zh"], default: ["en"] },
  ns: [...NAMESPACES],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

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

/** The antd/BCP-47 tag of each language code. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  zh: "zh-CN",
  en: "en",
  ft: "zh-TW",
  ry: "ru",
  hy: "de",
  ty: "th",
  yn: "vi",
  yny: "id",
  fy: "fr",
  e: "ko",
  ptyy: "pt",
  dy: "ja",
};
