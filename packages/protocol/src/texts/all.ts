import type { Texts } from "../common/texts.js";
import type { Language } from "../rules/languages.js";
import { texts as dy } from "./dy.js";
import { texts as e } from "./e.js";
import { texts as en } from "./en.js";
import { texts as ft } from "./ft.js";
import { texts as fy } from "./fy.js";
import { texts as hy } from "./hy.js";
import { texts as ptyy } from "./ptyy.js";
import { texts as ry } from "./ry.js";
import { texts as ty } from "./ty.js";
import { texts as yn } from "./yn.js";
import { texts as yny } from "./yny.js";
import { texts as zh } from "./zh.js";

/**
 * Every language's server texts at once (`@parley/protocol/texts/all`): for the server,
 * which answers in any of them, and tests. A web page loads only its language's module.
 */
export const ALL_TEXTS: Record<Language, Texts> = {
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
