import { defineModule } from "../../context.js";
import type { SigninSettings, LiveConfig } from "../system/system.ports.js";
import type { AccountSessions } from "../accounts/accounts.ports.js";
import { LdapDirectory } from "./ldap.js";
import { type ExternalAccounts, OidcFlow } from "./oidc.js";
import { signinRepository } from "./signin.repository.js";
import { registerSigninRoutes } from "./signin.routes.js";
import { SigninService } from "./signin.service.js";
import { TwoFactor } from "./two-factor.service.js";

/** What sign-in asks of other features (app.ts wires each one). */
export interface SigninPorts {
  system: SigninSettings & LiveConfig;
  accounts: ExternalAccounts & AccountSessions;
}

/** Two-factor codes, single sign-on (OpenID Connect) and directory logins (LDAP). */
export const signinModule = defineModule(
  "signin",
  (ctx, { system, accounts }: SigninPorts) => {
    const { config } = ctx;
    const repo = signinRepository(ctx.db);
    const now = () => ctx.clock.now();
    const service = new SigninService({
      repo,
      settings: system,
      accounts,
      now,
      twoFactor: new TwoFactor({
        repo,
        clock: ctx.clock,
        settings: system,
        accounts,
        perUser: ctx.limiter(
          "totp-user",
          config.RATE_LOGIN_ACCOUNT,
          config.RATE_LOGIN_WINDOW_S,
        ),
      }),
      directory: new LdapDirectory(ctx.logger, config.LDAP_TIMEOUT_MS),
      oidc: new OidcFlow({
        keys: ctx.keys,
        settings: system,
        accounts,
        repo,
        logger: ctx.logger,
        now,
        fetch: ctx.oidcFetch,
      }),
    });
    return {
      service,
      register: (calls) =>
        registerSigninRoutes(calls, service, {
          publicUrl: config.PUBLIC_URL ?? "",
          startsPerAddress: ctx.limiter("oidc-ip", 30, 60),
        }),
    };
  },
);
