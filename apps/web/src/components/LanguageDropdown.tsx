import { isLanguage, type Language, LANGUAGES } from "@parley/protocol";
import { ConfigProvider, Dropdown } from "antd";
import type { ReactElement } from "react";
import { useReducedMotion } from "../hooks/useReducedMotion";
import { LANGUAGE_NAMES } from "../i18n";

export interface LanguageDropdownProps {
  current: Language;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (lang: Language) => void;
  children: ReactElement;
}

/**
 * Parley's font for the menu where no antd shell is around it (the login screen); inside
 * one, the shell's theme is inherited and only the font is restated (styles.css's).
 */
const FONT = { token: { fontFamily: "var(--parley-font)" } };
/** The same, still for a system that asks for reduced motion (app/theme.ts). */
const FONT_STILL = { token: { ...FONT.token, motion: false } };

/** The list of the 12 languages under the language button (loaded when first wanted). */
export function LanguageDropdown(props: LanguageDropdownProps) {
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider theme={reducedMotion ? FONT_STILL : FONT}>
      <Dropdown
        trigger={["click"]}
        // The first press mounts the menu in place of a plain button: the open menu takes
        // the keyboard focus, as the pressed button has gone.
        autoFocus
        open={props.open}
        onOpenChange={props.onOpenChange}
        menu={{
          selectable: true,
          selectedKeys: [props.current],
          items: LANGUAGES.map((code) => ({
            key: code,
            label: LANGUAGE_NAMES[code],
          })),
          onClick: ({ key }) => {
            if (isLanguage(key)) props.onChoose(key);
          },
        }}
      >
        {props.children}
      </Dropdown>
    </ConfigProvider>
  );
}
