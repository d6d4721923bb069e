import {
  fillText,
  type Language,
  type MessageKey,
  type TextParams,
} from "@parley/protocol";
import { ALL_TEXTS as catalogs } from "@parley/protocol/texts/all";

/**
 * The human text for a key in a language, with `{name}` placeholders filled. `{when}` is
 * the `seconds` parameter in words of the text's language ("in 15 minutes", "15分钟后").
 */
export function translate(
  key: MessageKey,
  lang: Language,
  params: TextParams = {},
): string {
  return fillText(catalogs[lang][key], lang, params);
}
