import {
  fillText,
  type Language,
  type MessageKey,
  type TextParams,
  type Texts,
} from "@parley/protocol";
import { texts as dy } from "@parley/protocol/texts/dy";
import { texts as e } from "@parley/protocol/texts/e";
import { texts as en } from "@parley/protocol/texts/en";
import { texts as ft } from "@parley/protocol/texts/ft";
import { texts as fy } from "@parley/protocol/texts/fy";
import { texts as hy } from "@parley/protocol/texts/hy";
import { texts as ptyy } from "@parley/protocol/texts/ptyy";
import { texts as ry } from "@parley/protocol/texts/ry";
import { texts as ty } from "@parley/protocol/texts/ty";
import { texts as yn } from "@parley/protocol/texts/yn";
import { texts as yny } from "@parley/protocol/texts/yny";
import { texts as zh } from "@parley/protocol/texts/zh";

/** Every server text in the 12 languages of SPEC §1: the protocol's, the web's too. */
const catalogs: Record<Language, Texts> = {
  zh,
  en,
  ft,
  ry,
  hy,
  ty,
  yn,
  yny,
  fy,
  e,
  ptyy,
  dy,
};

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
