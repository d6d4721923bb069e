/** The flags this machine kind needs for headless Chromium. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Chromium's stand-in camera and microphone, allowed without asking (calls, voice clips). */
export const FAKE_MEDIA_ARGS = [
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
];

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell): the same engine
 * without the desktop browser around it. The flows run in it: it took them from about
 * 631 s to 506 s on this machine kind (docs/CI-TIMES.md).
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * Debian's whole Chromium, for what the headless shell does not have: notifications may
 * not be granted there, so desktop notifications and Web Push are tried in this one.
 */
export const FULL_CHROMIUM = "/usr/bin/chromium";
