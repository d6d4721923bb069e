import {
  checkPassword,
  checkRealname,
  checkRegisterAccount,
  DEFAULT_USER_SETTING,
  denial,
  isEmail,
  type MessageKey,
  USER_IMPORT_MAX_ROWS,
  type UserImportRow,
} from "@parley/protocol";
import { CsvError, parse } from "csv-parse/sync";
import type { Policy } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, refuse } from "../../lib/errors.js";
import { newPassword } from "../../lib/ids.js";
import type { Passwords } from "../../lib/passwords.js";
import type { AuditLog } from "../audit/audit.ports.js";
import { type Admin, auditActorOf, mayWriteConsole } from "./admin-acts.js";
import type { AccountsService } from "./accounts.service.js";
import { namePinyin } from "./accounts.service.js";
import type { WelcomeLinks } from "./welcome-links.js";
import type { UserAdminRepository } from "./user-admin.repository.js";

/*
 * Users from a CSV file (issue 47): the console checks every row first and shows what is
 * wrong; only a file without a problem is created, all at once. csv-parse reads the file
 * (quotes, a BOM, commas, semicolons or tabs between fields, as spreadsheets save it).
 */

/** The header names each column answers to (lower case; English and Chinese). */
const ALIASES: Record<
  string,
  "account" | "name" | "email" | "role" | "password"
> = {
  account: "account",
  username: "account",
  login: "account",
  账号: "account",
  name: "name",
  realname: "name",
  "display name": "name",
  姓名: "name",
  昵称: "name",
  email: "email",
  "e-mail": "email",
  mail: "email",
  邮箱: "email",
  role: "role",
  角色: "role",
  password: "password",
  密码: "password",
};

/** A role as a file writes it: 0 user, 2 administrator, 1 super administrator. */
const ROLES: Record<string, number> = {
  "": 0,
  "0": 0,
  user: 0,
  普通用户: 0,
  用户: 0,
  "2": 2,
  admin: 2,
  administrator: 2,
  管理员: 2,
  "1": 1,
  super: 1,
  "super admin": 1,
  "super administrator": 1,
  超级管理员: 1,
};

/** Passwords hashed at once: argon2 runs on the thread pool's four threads. */
const HASHING_AT_ONCE = 4;

export interface UserImportDeps {
  repo: UserAdminRepository;
  welcome: Pick<WelcomeLinks, "mint">;
  clock: Clock;
  passwords: Passwords;
  policy: Policy;
  accounts: Pick<AccountsService, "activeUser" | "events">;
  audit: AuditLog;
}

interface Parsed {
  row: UserImportRow;
  /** The password the file gave, or "" to make one. */
  given: string;
}

/** The file's rows, read: each with its line and what the file says. */
function readCsv(csv: string): Parsed[] {
  let records: string[][];
  let lines: number[];
  try {
    const read = parse(csv, {
      bom: true,
      delimiter: [",", ";", "\t"],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      to: USER_IMPORT_MAX_ROWS + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    records = read.map((r) => r.record);
    lines = read.map((r) => r.info.lines);
  } catch (error) {
    if (error instanceof CsvError)
      throw refuse("console.importMalformed", {
        line: Number((error as { lines?: unknown }).lines) || 1,
      });
    throw error;
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) throw refuse("console.importEmpty");
  if (body.length > USER_IMPORT_MAX_ROWS) throw refuse("console.importTooMany");
  const column = new Map<string, number>();
  header.forEach((name, index) => {
    const known = ALIASES[name.trim().toLowerCase()];
    if (known && !column.has(known)) column.set(known, index);
  });
  if (!column.has("account") || !column.has("name"))
    throw refuse("console.importColumns");
  const field = (record: string[], name: string) => {
    const index = column.get(name);
    return index === undefined ? "" : (record[index] ?? "").trim();
  };
  return body.map((record, i) => {
    const account = field(record, "account");
    const email = field(record, "email");
    const roleText = field(record, "role").toLowerCase();
    const role = ROLES[roleText];
    const problems: MessageKey[] = [];
    if (role === undefined) problems.push("console.importRole");
    return {
      row: {
        line: lines[i + 1] ?? i + 2,
        account,
        realname: field(record, "name"),
        email: email || (isEmail(account) ? account : ""),
        role: role ?? 0,
        problems,
      },
      given: field(record, "password"),
    };
  });
}

/**
 * Checks (and with `create`, makes) the users of a CSV file: the rules of the console's
 * own "Add user" for each row, an account used twice in the file, one already taken, a
 * role the administrator may not give. Made all at once, or not at all.
 */
export async function importUsers(
  deps: UserImportDeps,
  admin: Admin,
  csv: string,
  {
    create,
    invite,
    publicUrl,
  }: {
    create: boolean;
    /** Rows without a password get an invitation link instead of a made-up one. */
    invite: boolean;
    /** Where links point (PUBLIC_URL, or "" for relative links). */
    publicUrl: string;
  },
): Promise<{ rows: UserImportRow[]; created: number }> {
  mayWriteConsole(deps.policy, admin);
  const parsed = readCsv(csv);
  const mayGiveRoles =
    denial(deps.policy.actor(admin), "console.manageUser", {
      target: { userId: 0, role: 0 },
      change: "role",
    }) === null;
  const taken = await deps.repo.takenAccounts(
    parsed.map(({ row }) => row.account).filter(Boolean),
  );
  const seen = new Set<string>();
  for (const { row, given } of parsed) {
    const problems = row.problems as MessageKey[];
    const problem =
      checkRegisterAccount(row.account, 0) ?? checkRealname(row.realname);
    if (problem) problems.push(problem);
    if (row.email !== "" && !isEmail(row.email))
      problems.push("console.emailInvalid");
    if (given !== "") {
      const weak = checkPassword(given);
      if (weak) problems.push(weak);
    }
    if (row.role > 0 && !mayGiveRoles) problems.push("console.notPermitted");
    const key = row.account.toLowerCase();
    if (seen.has(key)) problems.push("console.importDuplicate");
    else if (taken.has(key)) problems.push("register.accountTaken");
    seen.add(key);
  }
  const rows = parsed.map(({ row }) => row);
  if (!create || rows.some((row) => row.problems.length > 0))
    return { rows, created: 0 };

  const now = deps.clock.now();
  // Invited users have no password until they choose one with their link ("!" opens nothing).
  const passwords = parsed.map(
    ({ given }) => given || (invite ? "" : newPassword()),
  );
  const hashes: string[] = [];
  for (let at = 0; at < passwords.length; at += HASHING_AT_ONCE)
    hashes.push(
      ...(await Promise.all(
        passwords
          .slice(at, at + HASHING_AT_ONCE)
          .map((password) =>
            password === ""
              ? Promise.resolve("!")
              : deps.passwords.hash(password),
          ),
      )),
    );
  let created;
  try {
    created = await deps.repo.insertUsers(
      rows.map((row, i) => ({
        account: row.account,
        realname: row.realname,
        password_hash: hashes[i] ?? "",
        email: row.email,
        role: row.role,
        name_py: namePinyin(row.realname),
        setting: JSON.stringify(DEFAULT_USER_SETTING),
        created_at: now,
        updated_at: now,
      })),
    );
  } catch (error) {
    // An account made meanwhile (a sign-up raced the import): nothing was made.
    if (error instanceof AppError) throw error;
    const again = await deps.repo.takenAccounts(rows.map((r) => r.account));
    if (again.size > 0) throw refuse("register.accountTaken");
    throw error;
  }
  const actor = await auditActorOf(deps.accounts, admin);
  for (const row of created)
    await deps.audit.record(
      actor,
      "user.add",
      { type: "user", id: row.user_id },
      null,
      { account: row.account, realname: row.realname, role: row.role },
    );
  await deps.accounts.events.emit("created");
  const tokens = invite
    ? await deps.welcome.mint(
        created.filter((_, i) => !parsed[i]?.given).map((row) => row.account),
      )
    : new Map<string, string>();
  return {
    rows: rows.map((row, i) => {
      const token = tokens.get(created[i]?.account ?? "");
      return {
        ...row,
        user_id: created[i]?.user_id,
        ...(parsed[i]?.given
          ? {}
          : token
            ? {
                link: `${publicUrl}/#/welcome?${new URLSearchParams({ account: row.account, token }).toString()}`,
              }
            : { password: passwords[i] }),
      };
    }),
    created: created.length,
  };
}
