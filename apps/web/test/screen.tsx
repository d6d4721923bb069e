import type { GlobalConfig } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { inject } from "vitest";
import { page } from "vitest/browser";
import { AntShell } from "../src/app/AntShell";
import { systemInfoQuery } from "../src/features/system";
import { i18n } from "../src/i18n";
import { makeConfig } from "./factories";

/**
 * Draws `screen` as the app draws its screens: antd's shell (the user's theme, the
 * language's pack) with queries, the language and a router around it, and the system's
 * settings as getSystemInfo would give them.
 */
export function drawScreen(
  screen: ReactNode,
  config: Partial<GlobalConfig> = {},
): ReturnType<typeof render> {
  const client = new QueryClient();
  client.setQueryData(systemInfoQuery.queryKey, makeConfig(config));
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <Routes>
            <Route element={<AntShell />}>
              <Route path="*" element={screen} />
            </Route>
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** Keeps a picture of the page as it is drawn now, when SCREENSHOTS=1. */
export async function shot(name: string): Promise<void> {
  if (!inject("screenshots")) return;
  // Two frames: whatever the last change set going has been drawn.
  for (let i = 0; i < 2; i += 1)
    await new Promise((resolve) => requestAnimationFrame(resolve));
  await page.screenshot({ path: `${inject("shotsDir")}/${name}.png` });
}

/** The widths the flows photograph at: a laptop, a narrow window, a phone. */
export const WIDTHS = [
  { name: "1280", width: 1280, height: 800 },
  { name: "900", width: 900, height: 760 },
  { name: "390", width: 390, height: 844 },
] as const;

/**
 * What of `element` a person at this width cannot see without scrolling sideways: the
 * descendants that stick out past its right or left edge or the viewport's, by text.
 */
export function overflowing(element: Element): string[] {
  const box = element.getBoundingClientRect();
  const right = Math.min(box.right, window.innerWidth);
  const left = Math.max(box.left, 0);
  const out: string[] = [];
  for (const child of element.querySelectorAll("*")) {
    const r = child.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right > right + 1 || r.left < left - 1)
      out.push(
        `${child.tagName.toLowerCase()} "${child.textContent.slice(0, 40)}"`,
      );
  }
  return out;
}
