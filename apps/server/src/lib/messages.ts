import {
  LANGUAGE_TAGS,
  type Language,
  type MessageKey,
  retryIn,
} from "@parley/protocol";
import type { Catalog } from "./messages/catalog.js";
import { dy } from "./messages/dy.js";
import { e } from "./messages/e.js";
import { en } from "./messages/en.js";
import { ft } from "./messages/ft.js";
import { fy } from "./messages/fy.js";
import { hy } from "./messages/hy.js";
import { ptyy } from "./messages/ptyy.js";
import { ry } from "./messages/ry.js";
import { ty } from "./messages/ty.js";
import { yn } from "./messages/yn.js";
import { yny } from "./messages/yny.js";
import { zh } from "./messages/zh.js";

/** Every server text in each of the 12 languages of SPEC §1. */
const catalogs: Record<Language, Catalog> = {
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
  params: Record<string, string | number> = {},
): string {
  const catalog = catalogs[lang];
  return catalog[key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (name === "when" && typeof params.seconds === "number")
      return retryIn(params.seconds, LANGUAGE_TAGS[lang]);
    return value === undefined ? whole : String(value);
  });
}
