import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/** The security headers' settings (reliability.md §3 B, D). */
const SECURITY_HEADERS = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
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

/**
 * Security headers on every answer (reliability.md §3 B, D): a Content-Security-Policy that
 * allows no inline or foreign script and no framing by another origin, nosniff, a strict
 * referrer policy, and a Permissions-Policy that keeps camera and microphone to this origin
 * (for calls) and turns off what a chat never needs.
 *
 * helmet's middleware is built once, here, and run on each request (the Fastify plugin
 * built it afresh for every request: a tenth of a trivial call's time, issue 14).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.raw.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    SECURITY_HEADERS(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}
