import type { TestProject } from "vitest/node";
import { type BrowserServer, chromium } from "playwright-core";
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, HEADLESS_SHELL } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's one Chromium listens for Playwright clients (harness.ts). */
    browserWsEndpoint: string;
  }
}

/**
 * One Chromium for the whole browser run: each test file connects to it and works in
 * contexts of its own (a fresh profile each), instead of starting a browser per file. It
 * has the stand-in camera and microphone, allowed without asking (calls, voice clips);
 * the one flow about a machine without them starts its own browser.
 */
let server: BrowserServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await chromium.launchServer({
    executablePath: HEADLESS_SHELL,
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
  });
  project.provide("browserWsEndpoint", server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}
