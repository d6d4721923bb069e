import { isLanguage, LANGUAGE_TAGS } from "@parley/protocol";

/** The BCP-47 tag dates are written in for one of our language codes (zh by default). */
export function localeOf(language: string): string {
  return LANGUAGE_TAGS[isLanguage(language) ? language : "zh"];
}
