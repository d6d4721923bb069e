import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stubLayout } from "../../test/jsdom";
import { resetFeedbackDebounce, setFeedback } from "../lib/feedback";
import type * as Part from "./app-modal-part";

type ModalPart = typeof Part;

beforeAll(() => {
  stubLayout();
});

afterEach(() => {
  vi.doUnmock("./app-modal-part");
  setFeedback(null);
});

/**
 * The dialogs antd shows now with this title (antd writes a title twice, once hidden). The
 * first one waits for antd's modal module, imported afresh after `vi.resetModules()`: on a
 * cold, busy run that took longer than Testing Library's 1 s default (seen once).
 */
async function dialogsTitled(title: string): Promise<HTMLElement[]> {
  const found = await screen.findAllByText(title, {}, { timeout: 10_000 });
  return [
    ...new Set(
      found.map((element) =>
        element.closest<HTMLElement>(".ant-modal-confirm"),
      ),
    ),
  ].filter((dialog): dialog is HTMLElement => dialog !== null);
}

/** A fresh copy of the module: no dialog asked for yet. */
async function freshAppModal() {
  vi.resetModules();
  return import("./AppModal");
}

describe("the app's dialogs, fetched with the first one asked for", () => {
  it("renders nothing until a dialog is asked for, then shows it once antd's modal is here", async () => {
    const { AppModalHost, appModal } = await freshAppModal();
    const user = userEvent.setup();
    const onOk = vi.fn();
    const { container } = render(<AppModalHost />);
    expect(container).toBeEmptyDOMElement();

    act(() =>
      appModal.confirm({ title: "Delete it?", okText: "Delete", onOk }),
    );
    expect(await dialogsTitled("Delete it?")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onOk).toHaveBeenCalledTimes(1);

    // Once here, the next one shows straight away.
    act(() => appModal.error({ title: "Could not copy" }));
    expect(await dialogsTitled("Could not copy")).toHaveLength(1);
  });

  it("shows a dialog asked for again after the shell was drawn anew (sign-out, sign-in)", async () => {
    const { AppModalHost, appModal } = await freshAppModal();
    const first = render(<AppModalHost />);
    act(() => appModal.error({ title: "First" }));
    expect(await dialogsTitled("First")).toHaveLength(1);
    first.unmount();

    render(<AppModalHost />);
    act(() => appModal.error({ title: "Second" }));
    expect(await dialogsTitled("Second")).toHaveLength(1);
  });

  it("says the network failed and calls the dialog off when its code cannot be fetched; the next one tries again", async () => {
    resetFeedbackDebounce();
    const toastOpen = vi.fn();
    let attempts = 0;
    // eslint-disable-next-line no-restricted-syntax -- the module itself, only late (or once offline): nothing else sees a stand-in
    vi.doMock("./app-modal-part", async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return importOriginal<ModalPart>();
    });
    const { AppModalHost, appModal } = await freshAppModal();
    const { setFeedback: setFresh } = await import("../lib/feedback");
    setFresh({
      message: { open: toastOpen } as unknown as MessageInstance,
      modal: {} as unknown as HookAPI,
    });
    render(<AppModalHost />);

    act(() => appModal.confirm({ title: "Lost" }));
    // A busy machine (CI runs the suites side by side) may take over a second to fail
    // the fetch: waited for longer than vi.waitFor's default.
    await vi.waitFor(
      () =>
        expect(toastOpen).toHaveBeenCalledWith(
          expect.objectContaining({ type: "error" }),
        ),
      { timeout: 10_000 },
    );
    expect(screen.queryByText("Lost")).toBeNull();

    act(() => appModal.confirm({ title: "Found" }));
    expect(await dialogsTitled("Found")).toHaveLength(1);
    // The one called off stays off.
    expect(screen.queryByText("Lost")).toBeNull();
    setFresh(null);
  });
});
