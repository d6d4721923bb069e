import { beforeEach, describe, expect, it, vi } from "vitest";
import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { i18n } from "../i18n";
import {
  dialog,
  refusalText,
  resetFeedbackDebounce,
  setFeedback,
  toast,
} from "./feedback";

const open = vi.fn();
const warning = vi.fn();

beforeEach(() => {
  open.mockClear();
  warning.mockClear();
  resetFeedbackDebounce();
  // Only the two methods the module calls are needed.
  setFeedback({
    message: { open } as unknown as MessageInstance,
    modal: { warning } as unknown as HookAPI,
  });
});

describe("toasts and dialogs (SPEC §8, §9)", () => {
  it("shows a toast for 1.5 s and swallows repeats of the same text within 500 ms", () => {
    expect(toast("warning", "a", 1000)).toBe(true);
    expect(toast("warning", "a", 1499)).toBe(false);
    expect(toast("error", "c", 1500)).toBe(true);
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenLastCalledWith({
      key: "toast-2",
      type: "error",
      content: "c",
      duration: 1.5,
    });
  });

  it("lets a different text within 500 ms replace the showing toast, not stack or vanish", () => {
    expect(toast("error", "Wrong password", 1000)).toBe(true);
    expect(toast("error", "Try again in 15 minutes", 1200)).toBe(true);
    expect(open).toHaveBeenCalledTimes(2);
    const keys = open.mock.calls.map(
      ([options]) => (options as { key: string }).key,
    );
    expect(keys[0]).toBe(keys[1]);
    expect(open).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: "Try again in 15 minutes" }),
    );
    // The replacement does not restart the window: a new toast follows 500 ms after the first.
    expect(toast("error", "Try again in 15 minutes", 1400)).toBe(false);
    expect(toast("info", "Saved", 1500)).toBe(true);
    expect((open.mock.lastCall?.[0] as { key: string }).key).not.toBe(keys[0]);
  });

  it("debounces dialogs at 1 s", () => {
    const options = {
      title: "Your session has ended",
      content: "x",
      okText: "Log in again",
      onOk: () => undefined,
    };
    expect(dialog(options, 0)).toBe(true);
    expect(dialog({ ...options, content: "y" }, 999)).toBe(false);
    expect(dialog({ ...options, content: "y" }, 1000)).toBe(true);
    expect(warning).toHaveBeenCalledTimes(2);
  });

  it("never stacks the same dialog over itself while it shows", () => {
    const options = {
      title: "Your session has ended",
      content: "x",
      okText: "Log in again",
      onOk: () => undefined,
    };
    expect(dialog(options, 0)).toBe(true);
    expect(dialog(options, 5000)).toBe(false);
    const shown = warning.mock.lastCall?.[0] as { afterClose: () => void };
    shown.afterClose();
    expect(dialog(options, 10_000)).toBe(true);
    expect(warning).toHaveBeenCalledTimes(2);
  });
});

describe("a refusal in words (issue 15, fault 8)", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("en");
  });

  it.each([
    [896, "Too many attempts. Try again in 15 minutes."],
    [900, "Too many attempts. Try again in 15 minutes."],
    [60, "Too many attempts. Try again in 1 minute."],
    [30, "Too many attempts. Try again in 30 seconds."],
  ])("says a wait of %d s in words", (seconds, expected) => {
    expect(
      refusalText({
        key: "request.rateLimited",
        msg: "server text",
        retryAfterSeconds: seconds,
      }),
    ).toBe(expected);
  });

  it("says the wait for another code in the reader's language", async () => {
    const refusal = {
      key: "code.tooSoon",
      msg: "server text",
      retryAfterSeconds: 42,
    };
    expect(refusalText(refusal)).toBe(
      "A code was sent less than a minute ago. You can ask for another in 42 seconds.",
    );
    await i18n.changeLanguage("zh");
    expect(refusalText(refusal)).toBe(
      "一分钟内只能获取一次验证码，请42秒钟后再试",
    );
    await i18n.changeLanguage("fy");
    expect(refusalText(refusal)).toBe(
      "Un code a été envoyé il y a moins d'une minute. Vous pourrez en demander un autre dans 42 secondes.",
    );
  });

  it("translates a key the server sent into the reader's language", async () => {
    await i18n.changeLanguage("hy");
    expect(
      refusalText({ key: "code.noMailReset", msg: "English from the server" }),
    ).toBe(
      "Dieser Server kann noch keine E-Mails senden, deshalb wurde kein Code verschickt. Bitte deinen Administrator, dein Passwort zurückzusetzen.",
    );
  });

  it("keeps the server's text when the client cannot fill the words in", () => {
    // No Retry-After: the wait is unknown here, the server's text has it.
    expect(
      refusalText({ key: "request.rateLimited", msg: "Try again in 3 hours." }),
    ).toBe("Try again in 3 hours.");
    // A field name only the server knows.
    expect(
      refusalText({
        key: "request.invalidField",
        msg: "The type field isn't valid",
      }),
    ).toBe("The type field isn't valid");
    expect(refusalText({ key: "no.such.key", msg: "as sent" })).toBe("as sent");
    expect(refusalText({ msg: "no key at all" })).toBe("no key at all");
  });
});
