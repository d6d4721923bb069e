import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/*
 * A real OpenID provider for the single sign-on tests (issue 46): panva's `oidc-provider`
 * (certified) on a loopback port, one confidential client, and an interaction step that
 * signs in as whoever the test chose (`signInAs`) without a form.
 */

/** A person the provider vouches for: their ID token's claims. */
export interface ProviderPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface OwnProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in at the provider is. */
  signInAs(person: ProviderPerson): void;
  /** Signs a JWT with the provider's own key (a test re-signs claims it altered). */
  sign(
    header: Record<string, unknown>,
    claims: Record<string, unknown>,
  ): string;
  stop(): Promise<void>;
}

export async function startProvider(
  redirectUris: string[],
  postLogoutUris: string[] = [],
): Promise<OwnProvider> {
  const people = new Map<string, ProviderPerson>();
  let next: ProviderPerson | null = null;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: "jwk" }),
    kid: "test-key",
    alg: "RS256",
    use: "sig",
  };
  const clientId = "parley-test";
  const clientSecret = "provider-client-secret-0123456789";

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "preferred_username"],
    },
    findAccount: (_ctx, id) => {
      const person = people.get(id);
      return person
        ? { accountId: id, claims: () => ({ ...person }) }
        : undefined;
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
  });
  provider.proxy = false;

  const callback = provider.callback();
  server.on("request", (req, res) => {
    const match = /^\/interaction\/([\w-]+)/.exec(req.url ?? "");
    if (!match) {
      void callback(req, res);
      return;
    }
    void (async () => {
      try {
        await provider.interactionDetails(req, res);
        const person = next;
        if (!person) throw new Error("no one to sign in as");
        people.set(person.sub, person);
        const grant = new provider.Grant({
          accountId: person.sub,
          clientId,
        });
        grant.addOIDCScope("openid email profile");
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          {
            login: { accountId: person.sub },
            consent: { grantId },
          },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (person) => {
      next = person;
    },
    sign: (header, claims) => signJwt(privateKey, header, claims),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An RS256 JWT of these claims, signed with this key. */
export function signJwt(
  key: KeyObject,
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
): string {
  const part = (value: object) =>
    Buffer.from(JSON.stringify(value)).toString("base64url");
  const signed = `${part(header)}.${part(claims)}`;
  return `${signed}.${sign("sha256", Buffer.from(signed), key).toString("base64url")}`;
}

/** A browser's cookie jar for a run of redirects: cookies by host. */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  private cookiesFor(url: URL): string {
    const cookies = this.jar.get(url.host);
    return cookies
      ? [...cookies].map(([name, value]) => `${name}=${value}`).join("; ")
      : "";
  }

  private keep(url: URL, response: Response): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === "")
        cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(url.host, cookies);
  }

  /** One GET, cookies kept, no redirect followed. */
  async get(address: string): Promise<Response> {
    const url = new URL(address);
    const response = await fetch(url, {
      redirect: "manual",
      headers: { cookie: this.cookiesFor(url) },
    });
    this.keep(url, response);
    return response;
  }

  /**
   * Follows redirects from `address` until one leaves for a page of the client (a `#`
   * address, which a browser would open without asking a server) or a page answers.
   */
  async follow(address: string): Promise<{ last: string; response: Response }> {
    let current = address;
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await this.get(current);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location)
        return { last: current, response };
      current = new URL(location, current).href;
      if (current.includes("/#/")) return { last: current, response };
    }
    throw new Error("too many redirects");
  }

  /** Forgets the cookies of a host (another browser opening the same link). */
  forget(host: string): void {
    this.jar.delete(host);
  }
}
