import { afterEach, describe, expect, it, vi } from "vitest";
import type * as http from "./http";
import { ApiError, call } from "./http";
import { subscribeToPush } from "./web-push";

vi.mock("./http", async (importOriginal) => {
  const actual = await importOriginal<typeof http>();
  return { ...actual, call: vi.fn() };
});

/** A browser subscription with this endpoint, its unsubscribe recorded. */
function browserSubscription(endpoint: string) {
  return {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: "p", auth: "a" } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
}

/** A browser with notifications granted and a push manager holding `held`. */
function grantedBrowser(held: ReturnType<typeof browserSubscription>) {
  const fresh = browserSubscription("https://push.example.com/fresh");
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(held)),
    subscribe: vi.fn(() => Promise.resolve(fresh)),
  };
  vi.stubGlobal("Notification", { permission: "granted" });
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { pushManager, fresh };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
  vi.mocked(call).mockReset();
});

describe("subscribing this device to Web Push", () => {
  it("gets an endpoint of its own when the one it holds stays with another account", async () => {
    const held = browserSubscription("https://push.example.com/someone-elses");
    const { pushManager } = grantedBrowser(held);
    const told: string[] = [];
    vi.mocked(call).mockImplementation((descriptor, input) => {
      if (descriptor.path === "/enterprise/push/publicKey")
        return Promise.resolve({
          data: { publicKey: "AQAB" },
          count: 0,
          page: 0,
          msg: "",
        });
      const endpoint = (input as { endpoint: string }).endpoint;
      told.push(endpoint);
      if (endpoint === held.endpoint)
        return Promise.reject(new ApiError(400, "taken", "push.endpointTaken"));
      return Promise.resolve({ data: "", count: 0, page: 0, msg: "" });
    });

    expect(await subscribeToPush()).toBe(true);
    expect(held.unsubscribe).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
    expect(told).toEqual([held.endpoint, "https://push.example.com/fresh"]);
  });

  it("keeps the endpoint it holds when the server takes it", async () => {
    const held = browserSubscription("https://push.example.com/mine");
    const { pushManager } = grantedBrowser(held);
    vi.mocked(call).mockResolvedValue({
      data: { publicKey: "AQAB" },
      count: 0,
      page: 0,
      msg: "",
    });

    expect(await subscribeToPush()).toBe(true);
    expect(held.unsubscribe).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });
});
