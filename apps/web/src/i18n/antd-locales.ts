import type { Language } from "@parley/protocol";
import type { Locale } from "antd/es/locale";

type Pack = Promise<{ default: Locale }>;

/**
 * Ant Design's own texts (pagers, pickers, dialogs) in each of the 12 languages, each pack
 * fetched only when its language is shown.
 */
const PACKS: Record<Language, () => Pack> = {
  zh: () => import("antd/es/locale/zh_CN"),
  en: () => import("antd/es/locale/en_US"),
  ft: () => import("antd/es/locale/zh_TW"),
  ry: () => import("antd/es/locale/ru_RU"),
  hy: () => import("antd/es/locale/de_DE"),
  ty: () => import("antd/es/locale/th_TH"),
  yn: () => import("antd/es/locale/vi_VN"),
  yny: () => import("antd/es/locale/id_ID"),
  fy: () => import("antd/es/locale/fr_FR"),
  e: () => import("antd/es/locale/ko_KR"),
  ptyy: () => import("antd/es/locale/pt_BR"),
  dy: () => import("antd/es/locale/ja_JP"),
};

const loaded = new Map<Language, Locale>();

/** Fetches a language's Ant Design pack once. */
export async function loadAntdLocale(lang: Language): Promise<Locale> {
  const known = loaded.get(lang);
  if (known) return known;
  const { default: locale } = await PACKS[lang]();
  loaded.set(lang, locale);
  return locale;
}

/** The pack of a language already fetched; undefined (antd's English) until then. */
export function antdLocaleOf(lang: Language): Locale | undefined {
  return loaded.get(lang);
}
