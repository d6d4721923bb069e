import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import {
  dialog,
  resetFeedbackDebounce,
  setFeedback,
  toast,
} from "../../lib/feedback";
import { LightFeedbackHost } from "./LightFeedbackHost";

/*
 * The login screen loads no antd (benchmarks.md F1): its toasts and the session-ended
 * dialog are the light shell's, through the same lib/feedback.ts calls.
 */
beforeAll(() => {
  // jsdom has no modal dialogs: opening one shows it, as a browser does.
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.setAttribute("open", "");
  };
});
beforeEach(() => {
  resetFeedbackDebounce();
  setFeedback(null);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the light shell's toasts and dialog", () => {
  it("shows a toast for 1.5 s; a different text soon after takes its place", () => {
    vi.useFakeTimers();
    render(<LightFeedbackHost />);
    act(() => {
      toast("error", "Wrong password", Date.now());
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Wrong password");
    act(() => {
      toast("error", "Try again in 15 minutes", Date.now() + 100);
    });
    expect(screen.getAllByTestId("toast")).toHaveLength(1);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Try again in 15 minutes",
    );
    act(() => {
      vi.advanceTimersByTime(1400);
    });
    expect(screen.queryByTestId("toast")).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("yields to antd's toasts while an antd screen has registered them", () => {
    const open = vi.fn();
    render(<LightFeedbackHost />);
    setFeedback({ message: { open }, modal: { warning: vi.fn() } });
    act(() => {
      toast("success", "Saved");
    });
    expect(open).toHaveBeenCalledOnce();
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("keeps a toast antd showed when antd's screens go (a sign-out lands on /login)", () => {
    render(<LightFeedbackHost />);
    const open = vi.fn();
    setFeedback({ message: { open }, modal: { warning: vi.fn() } });
    act(() => {
      toast("success", "Account changed. Log in with your new account.");
    });
    expect(open).toHaveBeenCalledOnce();
    expect(screen.queryByTestId("toast")).toBeNull();
    act(() => {
      setFeedback(null);
    });
    expect(screen.getByTestId("toast")).toHaveTextContent(
      "Account changed. Log in with your new account.",
    );
  });

  it("shows the warning dialog until its button is pressed, then lets it show again", async () => {
    const onOk = vi.fn();
    render(<LightFeedbackHost />);
    const options = {
      title: "Your session has ended",
      content: "Log in again to go on.",
      okText: "Log in again",
      onOk,
    };
    act(() => {
      expect(dialog(options, 1000)).toBe(true);
    });
    const shown = screen.getByRole("dialog", {
      name: "Your session has ended",
    });
    expect(shown).toHaveAccessibleDescription("Log in again to go on.");
    // The same dialog is not stacked over itself.
    expect(dialog(options, 5000)).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Log in again" }));
    expect(onOk).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => {
      expect(dialog(options, 9000)).toBe(true);
    });
    expect(screen.getByRole("dialog")).toBeVisible();
  });
});
