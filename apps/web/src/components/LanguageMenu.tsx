import { GlobalOutlined } from "@ant-design/icons";
import {
  isLanguage,
  type Language,
  LANGUAGES,
  settings,
} from "@parley/protocol";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../api/http";
import { LANGUAGE_NAMES, saveLanguage } from "../i18n";

/** Switches the interface language (all 12 of SPEC §1), remembered here and on the server. */
export function LanguageMenu({ light = false }: { light?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : "zh";

  const choose = async (lang: Language) => {
    if (lang === current) return;
    try {
      await call(settings.switchLang, { lang }, { silent: true });
    } catch {
      // The choice is still kept in this browser.
    }
    saveLanguage(lang);
    window.location.reload();
  };

  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((code) => ({
          key: code,
          label: LANGUAGE_NAMES[code],
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void choose(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t("common:language")}
        style={light ? { color: "#fff" } : undefined}
      >
        {LANGUAGE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
