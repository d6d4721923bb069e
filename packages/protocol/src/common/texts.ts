import type { MessageKey } from "./message-keys.js";
import { type Language, LANGUAGE_TAGS } from "../rules/languages.js";
import { retryIn } from "../rules/wait.js";

/**
 * Every text the server answers with, in one language, by message key: the `msg` beside
 * each `key`. One module per language (`@parley/protocol/texts/<code>`, exporting
 * `texts`), so a client loads only the language it shows; a missing key fails the
 * typecheck. Placeholders are `{name}`, filled by {@link fillText}.
 */
export type Texts = Record<MessageKey, string>;

/** The values a text's placeholders are filled with; `seconds` gives `{when}`. */
export type TextParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * A text with its `{name}` placeholders filled from `params`. `{when}` is the `seconds`
 * parameter in words of the language ("in 15 minutes", "15分钟后", see `retryIn`). A
 * placeholder without a value stays as it is, so a caller can tell it was not filled
 * ({@link placeholdersOf}).
 */
export function fillText(
  text: string,
  lang: Language,
  params: TextParams = {},
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (name === "when" && typeof params.seconds === "number")
      return retryIn(params.seconds, LANGUAGE_TAGS[lang]);
    return value === undefined ? whole : String(value);
  });
}

/** A text's placeholders by name, in order: `["field"]` for "The {field} field is wrong". */
export function placeholdersOf(text: string): string[] {
  return Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] ?? "");
}
