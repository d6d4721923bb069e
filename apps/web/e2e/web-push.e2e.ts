import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page, Worker } from "playwright-core";
import {
  decryptDelivery,
  deviceKeys,
  type PushSink,
  startPushSink,
} from "../../server/test/push-sink";
import {
  api,
  apiSend,
  apiUser,
  launchFullChromium,
  logIn,
  newContext,
  Product,
  realtimeBound,
} from "./harness";

/*
 * Issue 11, a new message with the tab closed: the server sends a Web Push, encrypted for
 * the device, to a push service; the service worker shows it as a notification; opening it
 * opens the chat.
 *
 * Headless Chromium has no push service of its own, so its `pushManager.subscribe` cannot
 * succeed here. The test stands in for that one hop: it subscribes the user's device with
 * keys of its own at a push service on loopback, decrypts what the server sends there, and
 * hands the plain payload to the browser's service worker through DevTools
 * (`ServiceWorker.deliverPushMessage`), which fires a real `push` event in it.
 */

let sink: PushSink;
let product: Product;
let browser: Browser;

beforeAll(async () => {
  sink = await startPushSink();
  product = new Product({
    WEB_PUSH_ALLOW_HOSTS: sink.host,
    WEB_PUSH_CA_FILE: sink.caFile,
  });
  await product.start();
  // Notifications: the whole Chromium (harness.ts).
  browser = await launchFullChromium();
});
afterAll(async () => {
  await browser.close();
  await product.dispose();
  await sink.close();
});

const url = () => product.url;

/** What the flow uses of a service worker's global scope (the DOM library has no type for it). */
interface WorkerScope {
  registration: {
    getNotifications(): Promise<
      Array<{ title: string; body: string; tag: string; data: unknown }>
    >;
  };
  clients: {
    matchAll(options: {
      type: "window";
    }): Promise<Array<{ postMessage(message: unknown): void }>>;
  };
}

/** The service worker of the app in this browser profile, once it is running. */
async function serviceWorker(context: BrowserContext): Promise<Worker> {
  const running = context.serviceWorkers()[0];
  return running ?? context.waitForEvent("serviceworker");
}

/** The notifications the service worker shows now: title, body and the chat they open. */
function shownNotifications(worker: Worker) {
  return worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const shown = await scope.registration.getNotifications();
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      chat: (n.data as { chat?: unknown } | null)?.chat,
    }));
  });
}

/** Whether a user is online as another user's chat list says. */
async function onlineFor(
  viewer: { token: string },
  userId: number,
): Promise<number | undefined> {
  const res = await api(url(), "/enterprise/im/getContacts", {}, viewer.token);
  const contacts = res.data as Array<{
    id: number | string;
    is_online: number;
  }>;
  return contacts.find((c) => c.id === userId)?.is_online;
}

/** Hands a push's plain payload to the service worker, as the browser's push service would. */
async function deliverPush(page: Page, payload: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Promise<
    Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }>
  >((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      resolve(event.registrations);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registration = (await registrations).find(
    (r) => !r.isDeleted && r.scopeURL === `${url()}/`,
  );
  if (!registration)
    throw new Error("the app's service worker is not registered");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: url(),
    registrationId: registration.registrationId,
    data: payload,
  });
  await cdp.detach();
}

describe("Web Push with the tab closed", () => {
  it("notifies through the service worker and opens the chat", async () => {
    const alice = await apiUser(url(), "pushalice", "Alice 推送");
    const bob = await apiUser(url(), "pushbob", "Bob");
    // Bob's device, as his browser would have subscribed it after granting notifications.
    const device = deviceKeys();
    const endpoint = `${sink.url}/device/${String(bob.id)}`;
    const subscribed = await api(
      url(),
      "/enterprise/push/subscribe",
      { endpoint, keys: device.keys },
      bob.token,
    );
    expect(subscribed.code).toBe(0);

    const { context, page } = await newContext(browser, "zh-CN");
    await context.grantPermissions(["notifications"], { origin: url() });
    await logIn(page, url(), "pushbob", "zh");
    await realtimeBound(page);
    const worker = await serviceWorker(context);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // With the tab open the message arrives on the socket: nothing is pushed.
    await apiSend(url(), alice, bob, "先打个招呼");
    await page
      .getByTestId("contact")
      .filter({ hasText: "Alice 推送" })
      .waitFor();
    expect(sink.received.filter((d) => d.path.startsWith("/device/"))).toEqual(
      [],
    );

    // Bob closes the tab; the server sees him leave.
    await page.close();
    await expect.poll(() => onlineFor(alice, bob.id)).toBe(0);
    await apiSend(url(), alice, bob, "会议改到三点，<记得>带合同");
    await expect
      .poll(
        () =>
          sink.received.filter((d) => d.path === `/device/${String(bob.id)}`)
            .length,
      )
      .toBe(1);
    const delivery = sink.received.find(
      (d) => d.path === `/device/${String(bob.id)}`,
    );
    if (!delivery) throw new Error("no push was delivered");
    const payload = decryptDelivery(delivery, device);

    // The payload reaches the service worker, which shows it; no page of the app is open.
    const blank = await context.newPage();
    await blank.goto(`${url()}/manifest.webmanifest`);
    await deliverPush(blank, payload);
    await expect
      .poll(() => shownNotifications(worker))
      .toEqual([
        {
          title: "Alice 推送",
          body: "会议改到三点，<记得>带合同",
          tag: `chat-${String(alice.id)}`,
          chat: alice.id,
        },
      ]);

    // Opening it with no tab open loads the app on that chat.
    const opened = await context.newPage();
    await opened.goto(`${url()}/?chat=${String(alice.id)}`);
    await opened.getByRole("region", { name: "Alice 推送" }).waitFor();
    await expect
      .poll(() =>
        opened
          .getByTestId("message")
          .filter({ hasText: "会议改到三点" })
          .count(),
      )
      .toBe(1);

    // With a tab open, the worker hands the chat to it instead: that tab turns to the chat.
    const carol = await apiUser(url(), "pushcarol", "Carol");
    await apiSend(url(), carol, bob, "在吗");
    await opened.getByTestId("contact").filter({ hasText: "Carol" }).waitFor();
    await worker.evaluate(async (chat) => {
      const scope = self as unknown as WorkerScope;
      const tabs = await scope.clients.matchAll({ type: "window" });
      for (const tab of tabs) tab.postMessage({ type: "openChat", chat });
    }, carol.id);
    await opened.getByRole("region", { name: "Carol" }).waitFor();
    await context.close();
  });
});
