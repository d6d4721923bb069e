import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Security headers on every answer (reliability.md §3 B, D): a Content-Security-Policy that
 * allows no inline or foreign script and no framing by another origin, nosniff, a strict
 * referrer policy, and a Permissions-Policy that keeps camera and microphone to this origin
 * (for calls) and turns off what a chat never needs.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  void app.register(helmet, {
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
  app.addHook("onSend", async (_request, reply) => {
    void reply.header(
      "Permissions-Policy",
      "camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()",
    );
  });
}
