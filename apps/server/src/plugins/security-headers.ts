import { IncomingMessage, type ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * The security headers' settings (reliability.md §3 B, D). `pageScripts` are the base64
 * SHA-256 digests of the page's own inline scripts (web.ts `inlineScriptHashes`): those
 * exact scripts run, and no other inline script.
 */
const securityHeaders = (pageScripts: readonly string[]) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...pageScripts.map((hash) => `'sha256-${hash}'`)],
        // Ant Design writes its styles at run time (CSS-in-JS): styles only, never script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
        mediaSrc: ["'self'", "blob:", "data:"],
        fontSrc: ["'self'", "data:"],
        // 'self' covers ws:/wss: to this host in current browsers; the schemes cover the rest.
        connectSrc: ["'self'", "ws:", "wss:"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: "sameorigin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Cross-origin isolation would break avatars and files served from elsewhere.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    // HSTS belongs to the TLS terminator; on plain HTTP it would do nothing or harm.
    strictTransportSecurity: false,
  });

const PERMISSIONS_POLICY =
  "camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()";

/** The headers helmet sets with these settings, and those it removes: worked out once. */
function headersOnce(pageScripts: readonly string[]): {
  set: Array<[string, string]>;
  removed: string[];
} {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
    },
    removeHeader: (name: string) => {
      removed.push(name);
    },
  };
  let failed: unknown = null;
  securityHeaders(pageScripts)(
    // helmet reads nothing of the request for these settings (no nonces, no functions).
    new IncomingMessage(new Socket()),
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failed = error ?? null;
    },
  );
  if (failed !== null) throw new Error("helmet refused its own settings");
  set.push(["Permissions-Policy", PERMISSIONS_POLICY]);
  return { set, removed };
}

/**
 * Security headers on every answer (reliability.md §3 B, D): a Content-Security-Policy that
 * allows no foreign script and no inline one but the page's own (by digest) and no framing by another origin, nosniff, a strict
 * referrer policy, and a Permissions-Policy that keeps camera and microphone to this origin
 * (for calls) and turns off what a chat never needs.
 *
 * helmet works them out once, at start, from fixed settings; each answer then gets the
 * same list (helmet's dozen middlewares ran on every request, and the Fastify plugin even
 * built them afresh each time: issue 14).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  pageScripts: readonly string[] = [],
): void {
  const { set, removed } = headersOnce(pageScripts);
  app.addHook("onRequest", (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of set) raw.setHeader(name, value);
    for (const name of removed) raw.removeHeader(name);
    done();
  });
}
