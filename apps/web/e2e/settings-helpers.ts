import type { BrowserContext, Page } from "playwright-core";
import { closeTop, settledShot } from "./harness";

export { closeTop };

/* Helpers of the settings flow (settings.e2e.ts): its words, widths, dialogs and fixtures. */

/** A picture once dialogs and toasts have finished their entrance animation. */
export const shot = settledShot;

/** The words this flow looks for, in the two languages it photographs. */
export const WORDS = {
  en: {
    settings: "Settings",
    accountTab: "Account",
    commonTab: "General",
    aboutTab: "About",
    password: "Change password",
    account: "Change account",
    crop: "Crop your photo",
    useCrop: "Use this photo",
  },
  zh: {
    settings: "设置",
    accountTab: "账号设置",
    commonTab: "通用设置",
    aboutTab: "关于",
    password: "修改密码",
    account: "修改账号",
    crop: "裁剪头像",
    useCrop: "使用此头像",
  },
} as const;
type Lang = keyof typeof WORDS;

export const WIDTHS = [
  { name: "1280", width: 1280, height: 800 },
  { name: "900", width: 900, height: 760 },
  { name: "390", width: 390, height: 844 },
] as const;

export const dialogNamed = (page: Page, name: string) =>
  page.getByRole("dialog", { name, exact: true });

export async function openSettings(page: Page, lang: Lang) {
  const words = WORDS[lang];
  await page
    .getByRole("navigation", { name: lang === "en" ? "Main menu" : "主菜单" })
    .getByRole("button", { name: words.settings, exact: true })
    .click();
  const dialog = dialogNamed(page, words.settings);
  await dialog.waitFor();
  return dialog;
}

/**
 * Shows a tab of a dialog and waits until it is the selected one, clicking again should a
 * click land while the dialog was still moving in (the full CI run once read the General
 * tab's switches from the tab before it).
 */
export async function showTab(
  dialog: ReturnType<typeof dialogNamed>,
  name: string,
) {
  const tab = dialog.getByRole("tab", { name, exact: true });
  for (let tries = 0; ; tries += 1) {
    await tab.click();
    const selected = await tab
      .and(dialog.locator('[aria-selected="true"]'))
      .waitFor({ timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (selected) return;
    if (tries === 4) throw new Error(`the tab ${name} is never selected`);
  }
}

/** A PNG drawn by the page's own canvas: a gradient with a letter, `width`×`height`. */
export async function pngFixture(
  page: Page,
  width: number,
  height: number,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext("2d");
      if (!g) throw new Error("no 2d canvas");
      const fill = g.createLinearGradient(0, 0, w, h);
      fill.addColorStop(0, "#ff7a45");
      fill.addColorStop(1, "#2f54eb");
      g.fillStyle = fill;
      g.fillRect(0, 0, w, h);
      g.fillStyle = "#fff";
      g.font = `bold ${String(Math.round(h / 2))}px sans-serif`;
      g.textAlign = "center";
      g.textBaseline = "middle";
      g.fillText("P", w / 2, h / 2);
      return canvas.toDataURL("image/png").split(",")[1] ?? "";
    },
    [width, height] as const,
  );
  return Buffer.from(base64, "base64");
}

/** Counts the tones the new-message sound starts: each chime plays two notes. */
export async function countChimes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __notes: number };
    w.__notes = 0;
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      override createOscillator(): OscillatorNode {
        w.__notes += 1;
        return super.createOscillator();
      }
    };
  });
}
export const chimes = async (page: Page) =>
  (await page.evaluate(
    () => (window as unknown as { __notes: number }).__notes,
  )) / 2;
