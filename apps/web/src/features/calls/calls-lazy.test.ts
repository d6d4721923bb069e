import type { CallSignal } from "@parley/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The controller as the lazy module sees it: what it was asked, in order. */
function fakeController() {
  return {
    seen: [] as string[],
    onRecord: (() => undefined) as (peerId: number) => void,
    onSignal(signal: CallSignal) {
      this.seen.push(signal.type);
    },
    leave: vi.fn(() => Promise.resolve()),
  };
}

async function freshLazy(controller: ReturnType<typeof fakeController>) {
  vi.resetModules();
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  // eslint-disable-next-line no-restricted-syntax -- after resetModules, a controller of this file's own; the import is made afresh
  vi.doMock("./call-controller", async () => {
    await arrived;
    return { calls: controller };
  });
  return { lazy: await import("./calls-lazy"), release };
}

const signal = (type: string) => ({ type }) as unknown as CallSignal;

afterEach(() => {
  vi.doUnmock("./call-controller");
});

describe("the call controller fetched with the first call", () => {
  it("hands it the steps that came while its code was on the way, in their order", async () => {
    const controller = fakeController();
    const { lazy, release } = await freshLazy(controller);
    lazy.onCallSignal(signal("calling"), 1);
    lazy.onCallSignal(signal("offer"), 1);
    lazy.onCallSignal(signal("iceCandidate"), 1);
    expect(controller.seen).toEqual([]);
    release();
    await vi.waitFor(() => expect(controller.seen).toHaveLength(3));
    expect(controller.seen).toEqual(["calling", "offer", "iceCandidate"]);
    lazy.onCallSignal(signal("hangup"), 1);
    await vi.waitFor(() =>
      expect(controller.seen).toEqual([
        "calling",
        "offer",
        "iceCandidate",
        "hangup",
      ]),
    );
  });

  it("gives it the record listener set before it came, and leaves no call it never had", async () => {
    const controller = fakeController();
    const { lazy, release } = await freshLazy(controller);
    const listener = vi.fn();
    lazy.setCallRecordListener(listener);
    lazy.leaveCall();
    release();
    const calls = await lazy.callController();
    calls.onRecord(7);
    expect(listener).toHaveBeenCalledWith(7);
    expect(controller.leave).not.toHaveBeenCalled();
    lazy.leaveCall();
    await vi.waitFor(() => expect(controller.leave).toHaveBeenCalledTimes(1));
  });
});
