/**
 * The 12 interface language codes of SPEC §1, in the order the language menu lists them:
 * simplified Chinese, English, traditional Chinese, Russian, German, Thai, Vietnamese,
 * Indonesian, French, Korean, Portuguese, Japanese.
 */
export const LANGUAGES = [
  "zh",
  "en",
  "ft",
  "ry",
  "hy",
  "ty",
  "yn",
  "yny",
  "fy",
  "e",
  "ptyy",
  "dy",
] as const;

/** One of the 12 interface language codes. */
export type Language = (typeof LANGUAGES)[number];

/** The BCP-47 tag of each language code, for Intl and for antd's locales. */
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

/** The default language (SPEC §1). */
export const DEFAULT_LANGUAGE: Language = "zh";

/** Whether a value is one of the 12 language codes. */
export function isLanguage(value: unknown): value is Language {
  return (
    typeof value === "string" &&
    (LANGUAGES as readonly string[]).includes(value)
  );
}

// A primary language subtag must end at "-" or the end: "kok" (Konkani) is not "ko".
const BCP47_TO_LANGUAGE: ReadonlyArray<readonly [RegExp, Language]> = [
  [/^zh-(tw|hk|mo|hant)(-|$)/i, "ft"],
  [/^zh(-|$)/i, "zh"],
  [/^en(-|$)/i, "en"],
  [/^ru(-|$)/i, "ry"],
  [/^de(-|$)/i, "hy"],
  [/^th(-|$)/i, "ty"],
  [/^vi(-|$)/i, "yn"],
  [/^(id|in)(-|$)/i, "yny"],
  [/^fr(-|$)/i, "fy"],
  [/^ko(-|$)/i, "e"],
  [/^pt(-|$)/i, "ptyy"],
  [/^ja(-|$)/i, "dy"],
];

/**
 * The first of the 12 languages an `Accept-Language` header asks for, by its q order,
 * or undefined when it names none of them.
 */
export function languageFromAcceptLanguage(
  header: string | undefined,
): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params
        .map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1])
        .find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const match = BCP47_TO_LANGUAGE.find(([pattern]) => pattern.test(tag));
    if (match) return match[1];
  }
  return undefined;
}
