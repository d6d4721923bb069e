import type { Language } from "@parley/protocol";
import type { Locale } from "antd/es/locale";
import deDE from "antd/locale/de_DE";
import enUS from "antd/locale/en_US";
import frFR from "antd/locale/fr_FR";
import idID from "antd/locale/id_ID";
import jaJP from "antd/locale/ja_JP";
import koKR from "antd/locale/ko_KR";
import ptBR from "antd/locale/pt_BR";
import ruRU from "antd/locale/ru_RU";
import thTH from "antd/locale/th_TH";
import viVN from "antd/locale/vi_VN";
import zhCN from "antd/locale/zh_CN";
import zhTW from "antd/locale/zh_TW";

/** Ant Design's own texts (pagers, pickers) in each of the 12 languages. */
export const ANTD_LOCALES: Record<Language, Locale> = {
  zh: zhCN,
  en: enUS,
  ft: zhTW,
  ry: ruRU,
  hy: deDE,
  ty: thTH,
  yn: viVN,
  yny: idID,
  fy: frFR,
  e: koKR,
  ptyy: ptBR,
  dy: jaJP,
};
