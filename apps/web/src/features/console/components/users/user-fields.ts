import {
  type Actor,
  can,
  checkPassword,
  checkRealname,
  checkRegisterAccount,
  type ConsoleUser,
  isEmail,
  type MessageKey,
  SystemRoles,
  type UserChange,
} from "@parley/protocol";

/** A system role as the console's forms send it: 0 user, 1 super administrator, 2 administrator. */
export type SystemRole = 0 | 1 | 2;

/** A role's words and tag colour. */
export interface RoleEntry {
  value: SystemRole;
  key: "role.user" | "role.admin" | "role.super";
  color: string | undefined;
}

const USER_ROLE: RoleEntry = {
  value: SystemRoles.user,
  key: "role.user",
  color: undefined,
};

/** The roles in the order the menus list them. */
export const ROLES: readonly RoleEntry[] = [
  USER_ROLE,
  { value: SystemRoles.admin, key: "role.admin", color: "blue" },
  { value: SystemRoles.super, key: "role.super", color: "volcano" },
];

/** A role's entry; an unknown role reads as an ordinary user. */
export function roleOf(role: number): RoleEntry {
  return ROLES.find((r) => r.value === role) ?? USER_ROLE;
}

/** SPEC §3: 0 female, 1 male, 2 unknown. */
export const SEXES = [
  { value: 2, key: "sex.unknown" },
  { value: 1, key: "sex.male" },
  { value: 0, key: "sex.female" },
] as const;

export function sexKey(sex: number): (typeof SEXES)[number]["key"] {
  return SEXES.find((s) => s.value === sex)?.key ?? "sex.unknown";
}

/**
 * Whether the actor may make this change to the user (the capability table, the rule the
 * server enforces); `null` stands for an account not made yet.
 */
export function mayChange(
  actor: Actor,
  user: Pick<ConsoleUser, "user_id" | "role"> | null,
  change: UserChange,
): boolean {
  return can(actor, "console.manageUser", {
    target: user
      ? { userId: user.user_id, role: user.role }
      : { userId: 0, role: SystemRoles.user },
    change,
  });
}

/*
 * The form checks are the protocol's own rules, the ones the server applies: an
 * administrator creates any kind of account, so the account is checked as with regauth 0.
 */

export function accountProblem(account: string): MessageKey | null {
  return checkRegisterAccount(account.trim(), 0);
}

export function realnameProblem(realname: string): MessageKey | null {
  return checkRealname(realname);
}

export function passwordProblem(password: string): MessageKey | null {
  return checkPassword(password);
}

export function emailProblem(email: string): MessageKey | null {
  const value = email.trim();
  return value === "" || isEmail(value) ? null : "console.emailInvalid";
}

/** A time in ms as a short date and time in the reader's language. */
export function formatDateTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "short",
    timeStyle: "short",
  }).format(ms);
}

/** A time in ms as a date in the reader's language. */
export function formatDate(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(ms);
}
