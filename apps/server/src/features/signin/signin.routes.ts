import { signin as calls, type MessageKey } from "@parley/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Calls, requireSession } from "../../plugins/calls.js";
import { AppError } from "../../lib/errors.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { SigninService } from "./signin.service.js";

/** The cookie binding a started single sign-on to the browser that started it. */
const FLOW_COOKIE = "parley_oidc";

/** The calls of two-factor, and the single sign-on addresses a browser opens. */
export function registerSigninRoutes(
  registry: Calls,
  service: SigninService,
  options: { publicUrl: string; startsPerAddress: Limiter },
): void {
  registry.register(calls.totpSetup, async (_input, ctx) => ({
    data: await service.twoFactor.setup(requireSession(ctx).userId),
  }));
  registry.register(calls.totpEnable, async (input, ctx) => ({
    data: {
      recovery: await service.twoFactor.enable(
        requireSession(ctx).userId,
        input.code,
      ),
    },
  }));
  registry.register(calls.totpDisable, async (input, ctx) => {
    const session = requireSession(ctx);
    await service.twoFactor.disable(session.userId, session.role, input.code);
    return { data: "" as const };
  });

  const { publicUrl } = options;
  /** This site's address: PUBLIC_URL, else what the browser asked for. */
  const baseOf = (request: FastifyRequest): string =>
    publicUrl || `${request.protocol}://${request.host}`;
  /** Back to the login screen, saying why (a key the client shows in its language). */
  const toLogin = (reply: FastifyReply, error: unknown) => {
    const key: MessageKey =
      error instanceof AppError ? error.key : "sso.failed";
    return reply
      .header("Cache-Control", "no-store")
      .redirect(`${publicUrl}/#/login?sso_error=${key}`, 302);
  };
  const cookieOptions = (request: FastifyRequest) =>
    ({
      path: "/auth/oidc",
      httpOnly: true,
      sameSite: "lax",
      secure: request.protocol === "https",
    }) as const;

  registry.serve("/auth/oidc/login", async (request, reply) => {
    try {
      const waitMs = await options.startsPerAddress.take(request.ip);
      if (waitMs > 0) throw new AppError("request.rateLimited");
      const { location, cookie } = await service.oidc.start(baseOf(request));
      void reply.setCookie(FLOW_COOKIE, cookie, {
        ...cookieOptions(request),
        maxAge: 600,
      });
      return await reply
        .header("Cache-Control", "no-store")
        .redirect(location, 302);
    } catch (error) {
      return toLogin(reply, error);
    }
  });

  registry.serve("/auth/oidc/callback", async (request, reply) => {
    const base = baseOf(request);
    void reply.clearCookie(FLOW_COOKIE, cookieOptions(request));
    try {
      const ticket = await service.oidc.finish(
        base,
        new URL(request.url, base),
        request.cookies[FLOW_COOKIE],
        request.ip,
      );
      return await reply
        .header("Cache-Control", "no-store")
        .redirect(`${publicUrl}/#/login?token=${ticket}&sso=1`, 302);
    } catch (error) {
      return toLogin(reply, error);
    }
  });

  // After the client ended its session: out at the provider too, when it offers that.
  registry.serve("/auth/oidc/logout", async (request, reply) => {
    const to = await service.oidc
      .endSessionUrl(baseOf(request))
      .catch(() => null);
    return reply
      .header("Cache-Control", "no-store")
      .redirect(to ?? `${publicUrl}/#/login`, 302);
  });
}
