import type { MessageKey } from "@parley/protocol";
import type { FastifyBaseLogger as Logger } from "fastify";
import * as client from "openid-client";
import { z } from "zod";
import type { UserRow } from "../../db/schema.js";
import { AppError } from "../../lib/errors.js";
import { hashSecret, newToken, sameDigest } from "../../lib/ids.js";
import type { SharedKeys } from "../../lib/shared-keys.js";
import {
  OIDC_CALLBACK_PATH,
  oidcOn,
  type SigninRow,
} from "../system/signin-settings.js";
import type { SigninSettings } from "../system/system.ports.js";
import type { SigninRepository } from "./signin.repository.js";

/** How long a started sign-in may take at the provider before its state is forgotten. */
const FLOW_TTL_MS = 10 * 60_000;
/** How long a provider's discovered settings are used before they are read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;

/** What a started sign-in keeps until the provider sends the browser back. */
const FlowSchema = z.object({
  verifier: z.string(),
  nonce: z.string(),
  /** SHA-256 of the browser cookie that started it. */
  browser: z.string(),
  issuer: z.string(),
  clientId: z.string(),
});

/** A refusal of the flow: the login screen says why. */
function failed(key: MessageKey): AppError {
  return new AppError(key);
}

/** What single sign-on asks of accounts (accounts is below; app.ts wires it). */
export interface ExternalAccounts {
  userById(userId: number): Promise<UserRow | undefined>;
  usersByEmail(email: string): Promise<UserRow[]>;
  createExternal(
    fields: { accounts: string[]; realname: string; email: string },
    ip: string,
  ): Promise<UserRow>;
  mintTicket(userId: number): Promise<string>;
}

export interface OidcDeps {
  keys: SharedKeys;
  settings: SigninSettings;
  accounts: ExternalAccounts;
  repo: SigninRepository;
  logger: Logger;
  now: () => number;
  /** Tests: how the server reaches the provider (to alter its answers in transit). */
  fetch?: client.CustomFetch | undefined;
}

/** The address a provider's issuer may have: https, or http on a loopback address. */
function insecureAllowed(issuer: string): boolean {
  return issuer.startsWith("http://");
}

/**
 * Single sign-on with OpenID Connect (extensions.md §7), with openid-client (certified):
 * the authorization-code flow with PKCE, state and nonce; the ID token's signature (the
 * provider's keys), issuer, audience, expiry and nonce checked by the library. The state
 * lives in the shared keys (every process sees it, taken once) and is bound to the browser
 * that started the flow by a cookie, so the provider's answer opened elsewhere fails.
 */
export class OidcFlow {
  private discovered: {
    key: string;
    at: number;
    config: Promise<client.Configuration>;
  } | null = null;

  constructor(private readonly deps: OidcDeps) {}

  private async settings(): Promise<SigninRow> {
    const { row } = await this.deps.settings.signin();
    if (!oidcOn(row)) throw failed("sso.off");
    return row;
  }

  /** The provider's settings, discovered once an hour (and again when they change). */
  private configuration(row: SigninRow): Promise<client.Configuration> {
    const key = hashSecret(
      JSON.stringify([row.oidcIssuer, row.oidcClientId, row.oidcSecret]),
    );
    const now = this.deps.now();
    const held = this.discovered;
    if (held?.key === key && now - held.at < DISCOVERY_TTL_MS)
      return held.config;
    // The ID token's signature is checked against the provider's keys even though it comes
    // straight from the token endpoint (the library would otherwise trust TLS alone).
    const execute = [
      client.enableNonRepudiationChecks,
      ...(insecureAllowed(row.oidcIssuer)
        ? // oxlint-disable-next-line typescript/no-deprecated -- marked only to stand out: http is accepted on a loopback address alone (isIssuerUrl)
          [client.allowInsecureRequests]
        : []),
    ];
    const config = client.discovery(
      new URL(row.oidcIssuer),
      row.oidcClientId,
      row.oidcSecret || undefined,
      row.oidcSecret ? undefined : client.None(),
      {
        execute,
        timeout: 10,
        ...(this.deps.fetch ? { [client.customFetch]: this.deps.fetch } : {}),
      },
    );
    const entry = { key, at: now, config };
    this.discovered = entry;
    config.catch(() => {
      if (this.discovered === entry) this.discovered = null;
    });
    return config;
  }

  /**
   * Starts a sign-in: the provider's address to send the browser to, and the cookie that
   * binds the flow to this browser.
   */
  async start(base: string): Promise<{ location: string; cookie: string }> {
    const row = await this.settings();
    let config: client.Configuration;
    try {
      config = await this.configuration(row);
    } catch (error) {
      this.deps.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        "the OpenID provider could not be discovered",
      );
      throw failed("sso.failed");
    }
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const cookie = newToken();
    const flow = {
      verifier,
      nonce,
      browser: hashSecret(cookie),
      issuer: row.oidcIssuer,
      clientId: row.oidcClientId,
    };
    const stored = await this.deps.keys.claim(
      `oidc-flow:${hashSecret(state)}`,
      JSON.stringify(flow),
      FLOW_TTL_MS,
    );
    if (!stored) throw failed("sso.failed");
    const location = client.buildAuthorizationUrl(config, {
      redirect_uri: `${base}${OIDC_CALLBACK_PATH}`,
      scope: "openid email profile",
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    return { location: location.href, cookie };
  }

  /**
   * The provider sent the browser back: checks the state against this browser's cookie
   * (taken once), exchanges the code, validates the ID token, finds or makes the account;
   * answers a one-time login ticket.
   */
  async finish(
    base: string,
    current: URL,
    cookie: string | undefined,
    ip: string,
  ): Promise<string> {
    const row = await this.settings();
    const state = current.searchParams.get("state") ?? "";
    const flow = await this.takeFlow(state);
    if (
      !flow ||
      !cookie ||
      !sameDigest(flow.browser, hashSecret(cookie)) ||
      flow.issuer !== row.oidcIssuer ||
      flow.clientId !== row.oidcClientId
    )
      throw failed("sso.stateInvalid");
    if (current.searchParams.has("error")) throw failed("sso.failed");

    let claims: client.IDToken;
    try {
      const config = await this.configuration(row);
      // The callback address the provider was given, with what it sent back.
      const back = new URL(`${base}${OIDC_CALLBACK_PATH}`);
      back.search = current.search;
      const tokens = await client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: flow.verifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error("no ID token");
      // A provider that keeps the profile out of the ID token (OpenID's own rule when an
      // access token is issued) answers it at its userinfo endpoint, for this subject only.
      const more =
        idClaims.email === undefined || idClaims.name === undefined
          ? await client.fetchUserInfo(
              config,
              tokens.access_token,
              idClaims.sub,
            )
          : {};
      claims = { ...more, ...idClaims };
    } catch (error) {
      this.deps.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        "an OpenID sign-in was refused",
      );
      throw failed("sso.failed");
    }
    const user = await this.accountFor(row, claims, ip);
    if (user.status !== 1 || user.deleted_at !== null)
      throw failed("sso.disabled");
    return this.deps.accounts.mintTicket(user.user_id);
  }

  /** Where the browser goes to sign out at the provider too, or null when it offers none. */
  async endSessionUrl(base: string): Promise<string | null> {
    const row = await this.settings();
    try {
      const config = await this.configuration(row);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        client_id: row.oidcClientId,
        post_logout_redirect_uri: `${base}/`,
      }).href;
    } catch {
      return null;
    }
  }

  private async takeFlow(
    state: string,
  ): Promise<z.infer<typeof FlowSchema> | null> {
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(state)) return null;
    const key = `oidc-flow:${hashSecret(state)}`;
    const value = await this.deps.keys.get(key);
    if (value === null || !(await this.deps.keys.release(key, value)))
      return null;
    try {
      const parsed = FlowSchema.safeParse(JSON.parse(value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /**
   * The account of these claims: linked by the provider's subject, else by a verified
   * email (one account with it), else made (unless the administrators turned that off).
   */
  private async accountFor(
    row: SigninRow,
    claims: client.IDToken,
    ip: string,
  ): Promise<UserRow> {
    const provider = `oidc:${row.oidcIssuer}`;
    const subject = claims.sub;
    const { accounts, repo } = this.deps;
    const linked = await repo.identityUser(provider, subject);
    if (linked !== undefined) {
      const user = await accounts.userById(linked);
      if (!user) throw failed("sso.disabled");
      return user;
    }
    const email = typeof claims.email === "string" ? claims.email : "";
    const verified = claims.email_verified === true && email !== "";
    let user: UserRow | undefined;
    if (verified) {
      const matches = await accounts.usersByEmail(email);
      if (matches.length === 1) user = matches[0];
    }
    if (!user) {
      if (row.oidcCreateUsers !== "1") throw failed("sso.noAccount");
      const name =
        (typeof claims.name === "string" && claims.name) ||
        (typeof claims.preferred_username === "string" &&
          claims.preferred_username) ||
        (verified ? email.split("@")[0] : "") ||
        "User";
      const preferred =
        typeof claims.preferred_username === "string"
          ? claims.preferred_username
          : "";
      user = await accounts.createExternal(
        {
          accounts: [preferred, verified ? email : ""].filter(Boolean),
          realname: name,
          email: verified ? email : "",
        },
        ip,
      );
    }
    await repo.linkIdentity({
      provider,
      subject,
      user_id: user.user_id,
      created_at: this.deps.now(),
    });
    // A link another sign-in made first wins: sign in as that account.
    const winner = await repo.identityUser(provider, subject);
    if (winner !== undefined && winner !== user.user_id) {
      const other = await accounts.userById(winner);
      if (!other) throw failed("sso.disabled");
      return other;
    }
    return user;
  }
}
