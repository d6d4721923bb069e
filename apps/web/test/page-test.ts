import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { afterEach, beforeAll, beforeEach, type Mock, vi } from "vitest";
import { i18n } from "../src/i18n";
import { resetFeedbackDebounce, setFeedback } from "../src/lib/feedback";
import { useSessionStore } from "../src/stores/session.store";
import { stubLayout } from "./jsdom";

/**
 * The hooks a page's component test needs: English, jsdom's missing layout stubbed, the
 * feedback layer's toasts caught (the mock it answers), and no session left behind.
 */
export function setUpPageTest(): { toast: Mock } {
  const toast = vi.fn();
  beforeAll(async () => {
    await i18n.changeLanguage("en");
    stubLayout();
  });
  beforeEach(() => {
    toast.mockClear();
    resetFeedbackDebounce();
    setFeedback({
      message: { open: toast } as unknown as MessageInstance,
      modal: {} as unknown as HookAPI,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setFeedback(null);
    useSessionStore.setState({ token: null, user: null });
  });
  return { toast };
}
