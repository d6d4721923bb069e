import type { UserRow } from "../../db/schema.js";
import type { SignInChecks } from "../accounts/credentials.js";
import { oidcOn } from "../system/signin-settings.js";
import type { SigninSettings } from "../system/system.ports.js";
import type { LdapDirectory } from "./ldap.js";
import type { ExternalAccounts, OidcFlow } from "./oidc.js";
import type { SigninRepository } from "./signin.repository.js";
import type { TwoFactor } from "./two-factor.service.js";

export interface SigninDeps {
  repo: SigninRepository;
  settings: SigninSettings;
  accounts: ExternalAccounts;
  twoFactor: TwoFactor;
  directory: LdapDirectory;
  oidc: OidcFlow;
  now: () => number;
}

/**
 * Sign-in as organisations require it (issue 46, extensions.md §7): two-factor codes,
 * single sign-on with OpenID Connect, directory accounts over LDAP. What a login by
 * password asks of it (SignInChecks) is what accounts, below, calls through its port.
 */
export class SigninService implements SignInChecks {
  readonly twoFactor: TwoFactor;
  readonly oidc: OidcFlow;

  constructor(private readonly deps: SigninDeps) {
    this.twoFactor = deps.twoFactor;
    this.oidc = deps.oidc;
  }

  secondFactor(
    userId: number,
    code: string | undefined,
  ): Promise<"off" | "ok" | "missing" | "wrong"> {
    return this.twoFactor.check(userId, code);
  }

  setupRequired(userId: number, role: number): Promise<boolean> {
    return this.twoFactor.setupRequired(userId, role);
  }

  /** Whether the user has two-factor on (their own card says so). */
  totpOn(userId: number): Promise<boolean> {
    return this.twoFactor.isOn(userId);
  }

  async ssoOnly(role: number): Promise<boolean> {
    const { row } = await this.deps.settings.signin();
    return role === 0 && row.ssoOnly === "1" && oidcOn(row);
  }

  /**
   * A directory login: the entry's account here, made at its first success. A local
   * account of that name that the directory did not make is never signed in by it (a
   * directory entry named "admin" does not become the administrator).
   */
  async directoryLogin(
    account: string,
    password: string,
    local: UserRow | undefined,
  ): Promise<UserRow | null> {
    const { row } = await this.deps.settings.signin();
    if (!row.ldapUrl) return null;
    // One directory per installation: its address may change (ldap to ldaps, a new host)
    // and its people stay linked by their entries' names.
    const provider = "ldap";
    const { repo, accounts } = this.deps;
    if (local && !(await repo.hasIdentity(local.user_id, provider)))
      return null;
    const entry = await this.deps.directory.authenticate(
      row,
      account,
      password,
    );
    if (!entry) return null;
    const linked = await repo.identityUser(provider, entry.dn);
    if (linked !== undefined) {
      // The account typed is another directory account's name: not this entry's.
      if (local && local.user_id !== linked) return null;
      return (await accounts.userById(linked)) ?? null;
    }
    if (local) return null;
    const user = await accounts.createExternal(
      {
        accounts: [entry.uid, account].filter(Boolean),
        realname: entry.name || entry.uid || account,
        email: entry.mail,
      },
      "",
    );
    await repo.linkIdentity({
      provider,
      subject: entry.dn,
      user_id: user.user_id,
      created_at: this.deps.now(),
    });
    const winner = await repo.identityUser(provider, entry.dn);
    return winner === user.user_id
      ? user
      : ((await accounts.userById(winner ?? 0)) ?? null);
  }
}
