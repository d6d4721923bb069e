import { settings, type UserSetting } from "@parley/protocol";
import { useEffect } from "react";
import { useSessionStore } from "../../stores/session.store";
import "./appearance.css";

/** An interface theme: default, blue or dark. */
export type ThemeName = settings.Theme;

/** The stored theme as one we draw; anything unknown (an old client's value) is the default. */
export function themeOf(value: string | undefined): ThemeName {
  return (settings.THEMES as readonly string[]).includes(value ?? "")
    ? (value as ThemeName) // Just checked to be one of THEMES.
    : "default";
}

/**
 * The attributes on `<html>` that appearance.css draws the user's settings from: the
 * theme, the avatars' shape, and whether the chat hides names and times. `null` removes
 * an attribute. Without a user (the login page) everything is the default.
 */
export function appearanceAttributes(
  setting: UserSetting | undefined,
): Record<string, string | null> {
  return {
    "data-theme": themeOf(setting?.theme),
    "data-avatar": setting?.avatarCricle ? "round" : "square",
    "data-hide-names": setting?.hideMessageName ? "" : null,
    "data-hide-times": setting?.hideMessageTime ? "" : null,
  };
}

/** Puts the settings' attributes on an element (the document's root). */
export function applyAppearance(
  root: HTMLElement,
  setting: UserSetting | undefined,
): void {
  for (const [name, value] of Object.entries(appearanceAttributes(setting))) {
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }
}

/**
 * Keeps the document drawn with the signed-in user's settings (their own from login, or
 * as they change them) and answers the theme for antd's ConfigProvider.
 */
export function useAppearance(): ThemeName {
  const setting = useSessionStore((s) => s.user?.setting);
  useEffect(() => {
    applyAppearance(document.documentElement, setting);
  }, [setting]);
  return themeOf(setting?.theme);
}
