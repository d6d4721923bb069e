import { LDAP_DEFAULT_FILTER } from "@parley/protocol";
import type { FastifyBaseLogger as Logger } from "fastify";
import { Client, Filter, InvalidCredentialsError } from "ldapts";
import type { SigninRow } from "../system/signin-settings.js";

/** A directory entry that signed in: who it is and what to make an account of. */
export interface DirectoryEntry {
  dn: string;
  uid: string;
  name: string;
  mail: string;
}

/** The first value of an attribute, as text. */
function first(value: unknown): string {
  const one: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof one === "string") return one;
  return Buffer.isBuffer(one) ? one.toString("utf8") : "";
}

/** TLS as the directory is spoken to: certificates checked, against its CA when one is set. */
function tlsOf(row: SigninRow) {
  // StartTLS checks the name the URL gives (ldapts alone would check "localhost").
  const host = new URL(row.ldapUrl).hostname.replace(/^\[|\]$/g, "");
  return {
    host,
    minVersion: "TLSv1.2" as const,
    ...(row.ldapCa ? { ca: [row.ldapCa] } : {}),
  };
}

/**
 * Password logins against a directory over LDAP (extensions.md §7), with ldapts: bind as
 * the service account (or anonymously), find the one entry the filter names (the typed
 * account escaped per RFC 4515, so `*)(uid=*` matches nothing), then bind as that entry
 * with the password. An empty password never reaches the directory: many servers take an
 * empty password as an anonymous bind and answer success.
 */
export class LdapDirectory {
  constructor(
    private readonly logger: Logger,
    private readonly timeoutMs: number,
  ) {}

  private client(row: SigninRow): Client {
    // ldapts speaks TLS from the first byte whenever it is given TLS options: only ldaps.
    const secure = row.ldapUrl.toLowerCase().startsWith("ldaps:");
    return new Client({
      url: row.ldapUrl,
      timeout: this.timeoutMs,
      connectTimeout: this.timeoutMs,
      ...(secure ? { tlsOptions: tlsOf(row) } : {}),
    });
  }

  private async connect(row: SigninRow): Promise<Client> {
    const client = this.client(row);
    if (
      row.ldapStartTls === "1" &&
      row.ldapUrl.toLowerCase().startsWith("ldap:")
    )
      await client.startTLS(tlsOf(row));
    return client;
  }

  /** The entry this account and password sign in as, or null (no entry, wrong password). */
  async authenticate(
    row: SigninRow,
    account: string,
    password: string,
  ): Promise<DirectoryEntry | null> {
    if (!row.ldapUrl || !row.ldapBaseDn || password === "" || account === "")
      return null;
    const filter = (row.ldapFilter || LDAP_DEFAULT_FILTER).replaceAll(
      "{account}",
      Filter.escape(account),
    );
    let entry: DirectoryEntry;
    let search: Client | null = null;
    try {
      search = await this.connect(row);
      if (row.ldapBindDn)
        await search.bind(row.ldapBindDn, row.ldapBindPassword);
      const { searchEntries } = await search.search(row.ldapBaseDn, {
        scope: "sub",
        filter,
        sizeLimit: 2,
        attributes: ["uid", "cn", "displayName", "mail"],
      });
      // None, or two people the account could be: nobody signs in.
      const [found] = searchEntries;
      if (searchEntries.length !== 1 || !found) return null;
      entry = {
        dn: found.dn,
        uid: first(found.uid),
        name: first(found.displayName) || first(found.cn),
        mail: first(found.mail),
      };
    } catch (error) {
      this.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        "the directory (LDAP) could not be searched",
      );
      return null;
    } finally {
      await search?.unbind().catch(() => undefined);
    }

    let asUser: Client | null = null;
    try {
      asUser = await this.connect(row);
      await asUser.bind(entry.dn, password);
      return entry;
    } catch (error) {
      if (!(error instanceof InvalidCredentialsError))
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "the directory (LDAP) could not check a password",
        );
      return null;
    } finally {
      await asUser?.unbind().catch(() => undefined);
    }
  }
}
