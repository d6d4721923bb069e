/*
 * Parley's service worker (issue 11): the app's shell is kept for a start without the
 * network, and a Web Push from the server is shown as a notification whose click opens the
 * chat. Nothing private is cached: calls, files and avatars always go to the server.
 */
const SHELL = "parley-shell-v1";
const SHELL_URLS = ["/", "/manifest.webmanifest", "/favicon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_URLS))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n !== SHELL).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page: from the network when there is one (a new build shows at once), else kept. */
async function page(request) {
  const cache = await caches.open(SHELL);
  try {
    const fresh = await fetch(request);
    if (fresh.ok) await cache.put("/", fresh.clone());
    return fresh;
  } catch {
    return (await cache.match("/")) ?? Response.error();
  }
}

/** Built files carry their hash in their name: kept once fetched, never asked again. */
async function asset(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const fresh = await fetch(request);
  if (fresh.ok) await cache.put(request, fresh.clone());
  return fresh;
}

/*
 * What the page loaded before this worker took control (its script, styles, language
 * file): the page names them once the worker is ready, and they are kept too.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "cacheAssets" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (u) =>
      typeof u === "string" &&
      new URL(u, self.location.origin).origin === self.location.origin &&
      new URL(u, self.location.origin).pathname.startsWith("/assets/"),
  );
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) =>
        Promise.all(
          urls.map((u) =>
            cache.match(u).then((kept) => (kept ? undefined : cache.add(u))),
          ),
        ),
      ),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === "/") {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(asset(request));
  }
});

self.addEventListener("push", (event) => {
  if (!event.data) return;
  let note;
  try {
    note = event.data.json();
  } catch {
    return;
  }
  event.waitUntil(
    self.registration.showNotification(note.title || "Parley", {
      body: note.body || "",
      tag: note.tag,
      icon: note.icon || "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { chat: note.chat },
    }),
  );
});

/** A click opens the chat: in a tab already open (brought forward), else in a new one. */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const chat = event.notification.data?.chat;
  event.waitUntil(
    self.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then((tabs) => {
        const tab = tabs[0];
        if (tab) {
          tab.postMessage({ type: "openChat", chat });
          return tab.focus();
        }
        const target =
          chat === undefined
            ? "/"
            : `/?chat=${encodeURIComponent(String(chat))}`;
        return self.clients.openWindow(target);
      }),
  );
});
