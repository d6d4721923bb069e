/**
 * The translation namespaces, one per feature (HOUSE-STYLE §4), in four groups. Each
 * group of a language is one chunk (vite.config.ts), fetched when a screen first needs it:
 * the sign-in page does not download the chat's or the console's texts.
 */
export const NAMESPACE_GROUPS = {
  /** The first screens (start-up, sign-in, register, 404): ready before the first render. */
  shell: ["common", "accounts", "errors"],
  /** The signed-in screens (chat, join, demo, download): with the first of them. */
  app: [
    "messages",
    "contacts",
    "groups",
    "friends",
    "files",
    "people",
    "settings",
    "calls",
  ],
  /**
   * The texts of what the chat screen opens later (history, favourites, reports, articles,
   * the demo page, a thread's panel and the Threads view, the search box, two-factor's
   * setup and its settings row): with the first of them (F1:
   * not in the chat screen's first download).
   */
  later: [
    "history",
    "favourites",
    "reports",
    "articles",
    "demo",
    "threads",
    "search",
    "signin",
  ],
  /** The console's own: with the console. */
  console: ["console", "consoleUsers", "consoleChats"],
} as const;

export type NamespaceGroup = keyof typeof NAMESPACE_GROUPS;

/**
 * The namespace whose `keys` are the server's texts (`errors:keys.<message key>`): kept
 * once, in the protocol (`@parley/protocol/texts/<code>`, the `msg` the server answers
 * with), and loaded with this namespace's group of the language (../../locale-groups.ts).
 */
export const SERVER_TEXTS_NAMESPACE = "errors";

/**
 * The server texts the first screens can show (sign-in, register, start-up): their keys'
 * prefixes. These come with the server texts' namespace (the shell group); the rest come
 * with the signed-in screens' groups (app, console), so /login does not download the
 * words of every refusal the chat and the console can meet. A text not yet here shows
 * as the server's own `msg`, already in the reader's language.
 */
const FIRST_SCREEN_TEXTS = [
  "ok",
  "login.",
  "logout.",
  "register.",
  "code.",
  "session.",
  "request.",
  "server.",
  "system.",
  "sso.",
  "welcome.",
] as const;

/** Whether a server text comes with the first screens (else with the signed-in ones). */
export function isFirstScreenText(key: string): boolean {
  return FIRST_SCREEN_TEXTS.some((prefix) =>
    prefix.endsWith(".") ? key.startsWith(prefix) : key === prefix,
  );
}

/** The groups that bring the server texts the first screens do not. */
export const LATER_SERVER_TEXT_GROUPS: readonly NamespaceGroup[] = [
  "app",
  "console",
];

/** Every namespace. */
export const NAMESPACES = [
  ...NAMESPACE_GROUPS.shell,
  ...NAMESPACE_GROUPS.app,
  ...NAMESPACE_GROUPS.later,
  ...NAMESPACE_GROUPS.console,
] as const;

/** The group a namespace belongs to (undefined for a name that is none of them). */
export function groupOfNamespace(ns: string): NamespaceGroup | undefined {
  return (Object.keys(NAMESPACE_GROUPS) as NamespaceGroup[]).find((group) =>
    (NAMESPACE_GROUPS[group] as readonly string[]).includes(ns),
  );
}
