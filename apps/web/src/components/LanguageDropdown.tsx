import { isLanguage, type Language, LANGUAGES } from "@parley/protocol";
import { Dropdown } from "antd";
import type { ReactElement } from "react";
import { LANGUAGE_NAMES } from "../i18n";

export interface LanguageDropdownProps {
  current: Language;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (lang: Language) => void;
  children: ReactElement;
}

/** The list of the 12 languages under the language button (loaded when first wanted). */
export function LanguageDropdown(props: LanguageDropdownProps) {
  return (
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
  );
}
