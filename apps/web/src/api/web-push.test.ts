import { afterEach, describe, expect, it, vi } from "vitest";
import { stubServer } from "../../test/server-stub";
import { subscribeToPush } from "./web-push";

const PUBLIC_KEY = { code: 0, data: { publicKey: "AQAB" } };

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
});

describe("subscribing this device to Web Push", () => {
  it("gets an endpoint of its own when the one it holds stays with another account", async () => {
    const held = browserSubscription("https://push.example.com/someone-elses");
    const { pushManager } = grantedBrowser(held);
    const told: string[] = [];
    stubServer((path, body) => {
      if (path === "/enterprise/push/publicKey") return PUBLIC_KEY;
      const endpoint = String(body.endpoint);
      told.push(endpoint);
      if (endpoint === held.endpoint)
        return { code: 400, msg: "taken", key: "push.endpointTaken", data: "" };
      return { code: 0, data: "" };
    });

    expect(await subscribeToPush()).toBe(true);
    expect(held.unsubscribe).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
    expect(told).toEqual([held.endpoint, "https://push.example.com/fresh"]);
  });

  it("keeps the endpoint it holds when the server takes it", async () => {
    const held = browserSubscription("https://push.example.com/mine");
    const { pushManager } = grantedBrowser(held);
    const asked: string[] = [];
    stubServer((path) => {
      asked.push(path);
      return path === "/enterprise/push/publicKey"
        ? PUBLIC_KEY
        : { code: 0, data: "" };
    });

    expect(await subscribeToPush()).toBe(true);
    expect(held.unsubscribe).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(asked).toEqual([
      "/enterprise/push/publicKey",
      "/enterprise/push/subscribe",
    ]);
  });
});
