import { beforeEach, describe, expect, it, vi } from "vitest";
import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { dialog, resetFeedbackDebounce, setFeedback, toast } from "./feedback";

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
  it("shows a toast for 1.5 s and swallows repeats within 500 ms", () => {
    expect(toast("warning", "a", 1000)).toBe(true);
    expect(toast("warning", "b", 1499)).toBe(false);
    expect(toast("error", "c", 1500)).toBe(true);
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenLastCalledWith({
      type: "error",
      content: "c",
      duration: 1.5,
    });
  });

  it("debounces dialogs at 1 s", () => {
    const options = {
      title: "Prompt",
      content: "x",
      okText: "Confirm",
      onOk: () => undefined,
    };
    expect(dialog(options, 0)).toBe(true);
    expect(dialog(options, 999)).toBe(false);
    expect(dialog(options, 1000)).toBe(true);
    expect(warning).toHaveBeenCalledTimes(2);
  });
});
