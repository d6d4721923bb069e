import { clsx } from "clsx";
import GlobalOutlined from "@ant-design/icons-svg/es/asn/GlobalOutlined";
import { type Language, settings } from "@parley/protocol";
import { type ComponentType, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../api/http";
import { LANGUAGE_NAMES, switchLanguage, useLanguage } from "../i18n";
import type { LanguageDropdownProps } from "./LanguageDropdown";
import light from "./light/light.module.css";
import { Spinner } from "./light/Spinner";
import { SvgIcon } from "./light/SvgIcon";

// The menu's code (antd's Dropdown and Menu) is fetched when the button is first pointed
// at, focused or pressed, not with every page that shows the button.
const loadDropdown = () =>
  import("./LanguageDropdown").then((m) => m.LanguageDropdown);
const prefetch = () => void loadDropdown().catch(() => undefined);

/**
 * Switches the interface language (all 12 of SPEC §1) in place, without a reload, so an
 * open chat stays open; remembered here and on the server.
 */
export function LanguageMenu({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const [switching, setSwitching] = useState(false);
  const [open, setOpen] = useState(false);
  const [Dropdown, setDropdown] =
    useState<ComponentType<LanguageDropdownProps> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const choose = async (lang: Language) => {
    setOpen(false);
    // The chosen item goes away with the menu: the keyboard goes back to the button.
    buttonRef.current?.focus();
    if (lang === current) return;
    setSwitching(true);
    try {
      await Promise.all([
        // The server answers in the new language from now on (its cookie and the user's row).
        call(settings.switchLang, { lang }, { silent: true }).catch(
          () => undefined, // The choice is still kept in this browser.
        ),
        switchLanguage(lang),
      ]);
    } finally {
      setSwitching(false);
    }
  };

  // The first press fetches the menu and shows it open; offline, the next press tries again.
  const firstPress = () => {
    setOpen(true);
    loadDropdown().then(
      (component) => setDropdown(() => component),
      () => setOpen(false),
    );
  };

  // A plain button drawn as antd's text button: the login screen shows it and loads no antd.
  const button = (
    <button
      ref={buttonRef}
      type="button"
      className={clsx(light.button, light.plain)}
      aria-label={t("common:language")}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-busy={switching}
      style={onDark ? { color: "#fff" } : undefined}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={Dropdown ? undefined : firstPress}
    >
      {switching ? <Spinner /> : <SvgIcon icon={GlobalOutlined} />}
      {LANGUAGE_NAMES[current]}
    </button>
  );

  if (!Dropdown) return button;
  return (
    <Dropdown
      current={current}
      open={open}
      onOpenChange={setOpen}
      onChoose={(lang) => void choose(lang)}
    >
      {button}
    </Dropdown>
  );
}
