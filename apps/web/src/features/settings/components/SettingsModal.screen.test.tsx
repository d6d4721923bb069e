import type { UserInfo } from "@parley/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { makeUserInfo } from "../../../../test/factories";
import { drawScreen, overflowing, shot, WIDTHS } from "../../../../test/screen";
import { stubServer } from "../../../../test/server-stub";
import { i18n } from "../../../i18n";
import { useSessionStore } from "../../../stores/session.store";
import { SettingsModal } from "./SettingsModal";

/*
 * The Settings dialog and the dialogs it opens, drawn by Chromium at a laptop's, a narrow
 * window's and a phone's width, in English (Sam: dark theme, round avatars) and Chinese
 * (the longest name the rules allow, an email account, the default theme): nothing sticks
 * out sideways, and every one is photographed (SCREENSHOTS=1) as the settings flow once
 * did. What the dialog does with the server is the flow's (e2e/settings.e2e.ts) and the
 * component tests' (SettingsModal.test.tsx).
 */

const WORDS = {
  en: {
    password: "Change password",
    account: "Change account",
    crop: "Crop your photo",
    common: "General",
  },
  zh: {
    password: "修改密码",
    account: "修改账号",
    crop: "裁剪头像",
    common: "通用设置",
  },
} as const;

const PEOPLE: Record<keyof typeof WORDS, UserInfo> = {
  en: makeUserInfo({
    account: "sam3f9a1c",
    realname: "Sam",
    displayName: "Sam",
    setting: { ...makeUserInfo().setting, theme: "dark", avatarCricle: true },
  }),
  zh: makeUserInfo({
    account: "zh3f9a1c.longmailbox@example.com",
    email: "zh3f9a1c.longmailbox@example.com",
    realname: "超长名字的用户测试一下看看效果如",
    displayName: "超长名字的用户测试一下看看效果如",
  }),
};

/** A PNG drawn by the page's canvas: a gradient with a letter, as a photo to crop. */
async function photo(): Promise<File> {
  const canvas = document.createElement("canvas");
  canvas.width = 640;
  canvas.height = 480;
  const g = canvas.getContext("2d");
  if (!g) throw new Error("no 2d canvas");
  const fill = g.createLinearGradient(0, 0, 640, 480);
  fill.addColorStop(0, "#ff7a45");
  fill.addColorStop(1, "#2f54eb");
  g.fillStyle = fill;
  g.fillRect(0, 0, 640, 480);
  g.fillStyle = "#fff";
  g.font = "bold 240px sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText("P", 320, 240);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/png"),
  );
  if (!blob) throw new Error("the canvas drew no PNG");
  return new File([blob], "photo.png", { type: "image/png" });
}

function drawSettings(user: UserInfo) {
  useSessionStore.getState().signIn({
    authToken: "bearer t",
    sessionId: "1",
    userInfo: user,
  });
  drawScreen(<SettingsModal open onClose={() => undefined} />);
}

/**
 * The open dialog of this title, if any. In tests antd gives every dialog the same title
 * id, so the accessible name cannot tell a dialog from the one it opened over.
 */
const titled = (title: string): HTMLElement | undefined =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
    (d) =>
      d.querySelector(".ant-modal-title")?.textContent === title &&
      d.checkVisibility(),
  );

/** The dialog of this title, once drawn, with nothing in it sticking out sideways. */
async function dialogFits(title: string): Promise<HTMLElement> {
  await expect.poll(() => titled(title)).toBeDefined();
  const dialog = titled(title) as HTMLElement;
  expect(overflowing(dialog)).toEqual([]);
  return dialog;
}

/** Closes the dialog on top with its close button. */
async function closeTop(title: string): Promise<void> {
  const close = titled(title)?.querySelector(".ant-modal-close");
  if (!close) throw new Error(`no close button on "${title}"`);
  await userEvent.click(close);
  await expect.poll(() => titled(title)).toBeUndefined();
}

afterAll(() => {
  useSessionStore.getState().signOut();
});

describe.each(["en", "zh"] as const)("Settings in %s", (lang) => {
  const words = WORDS[lang];
  const settingsTitle = lang === "en" ? "Settings" : "设置";

  it.each(WIDTHS)(
    "fits at $name px, with each dialog it opens",
    async (size) => {
      await i18n.changeLanguage(lang);
      expect(matchMedia("(prefers-reduced-motion: reduce)").matches).toBe(true);
      await page.viewport(size.width, size.height);
      stubServer(() => ({ code: 0, data: "" }));
      drawSettings(PEOPLE[lang]);

      const settings = await dialogFits(settingsTitle);
      await shot(`settings-account-${lang}-${size.name}`);
      // The tab's lower half: security rows, language, logout.
      const passwordButton = page.getByRole("button", {
        name: words.password,
        exact: true,
      });
      passwordButton.element().scrollIntoView({ block: "center" });
      await shot(`settings-account-bottom-${lang}-${size.name}`);

      await passwordButton.click();
      await dialogFits(words.password);
      await shot(`settings-password-${lang}-${size.name}`);
      await closeTop(words.password);

      await page
        .getByRole("button", { name: words.account, exact: true })
        .click();
      await dialogFits(words.account);
      await shot(`settings-change-account-${lang}-${size.name}`);
      await closeTop(words.account);

      const input = settings.querySelector('input[type="file"]');
      if (!(input instanceof HTMLInputElement))
        throw new Error("no file field");
      await userEvent.upload(input, await photo());
      await dialogFits(words.crop);
      await shot(`settings-crop-${lang}-${size.name}`);
      await closeTop(words.crop);

      await page.getByRole("tab", { name: words.common, exact: true }).click();
      await expect
        .element(page.getByRole("tab", { name: words.common, exact: true }))
        .toHaveAttribute("aria-selected", "true");
      expect(overflowing(settings)).toEqual([]);
      // General starts at its top, however far Account was scrolled: its first line is
      // below the tabs, not scrolled up behind them.
      const firstLine = settings.querySelector(
        "[role=tabpanel].ant-tabs-content-active *:not(:has(*))",
      );
      const tabs = settings.querySelector("[role=tablist]");
      expect(firstLine?.getBoundingClientRect().top).toBeGreaterThanOrEqual(
        tabs?.getBoundingClientRect().bottom ?? Infinity,
      );
      await shot(`settings-common-${lang}-${size.name}`);
    },
  );
});

describe("the profile's rules in Chinese", () => {
  it("counts the signature and says what is wrong with a one-character nickname", async () => {
    await i18n.changeLanguage("zh");
    await page.viewport(1280, 800);
    stubServer(() => ({ code: 0, data: "" }));
    drawSettings(PEOPLE.zh);
    await dialogFits("设置");
    await expect.element(page.getByText("0 / 100")).toBeVisible();
    await page.getByLabelText("昵称").fill("超");
    await page.getByRole("button", { name: "保存资料" }).click();
    // The rule's words in Chinese, under the field.
    await expect
      .element(page.getByText(i18n.t("errors:keys.register.realnameLength")))
      .toBeVisible();
    await shot("settings-profile-errors-zh");
  });
});
