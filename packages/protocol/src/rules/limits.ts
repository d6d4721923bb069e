/** Business constants of SPEC §9 and decisions.md that both ends compute with. */
export const Limits = {
  accountMin: 4,
  accountMax: 32,
  realnameMin: 2,
  realnameMax: 16,
  passwordMin: 6,
  passwordMax: 16,
  codeLength: 6,
  /** Verification codes live 5 minutes (decisions.md). */
  codeTtlMs: 5 * 60 * 1000,
  /** One code per account per 60 s (decisions.md). */
  codeIntervalMs: 60 * 1000,
  /** Wrong guesses after which a code is burned. */
  codeMaxAttempts: 5,
  /** Session length with remember-me (decisions.md). */
  rememberSessionMs: 30 * 24 * 60 * 60 * 1000,
  /** Session length without remember-me (decisions.md). */
  shortSessionMs: 24 * 60 * 60 * 1000,
  messagePageSize: 10,
  historyPageSize: 20,
  unreadBadgeMax: 99,
  /** Text message length after tag stripping; the old server's 2048 (reliability.md §7). */
  textMessageMax: 2048,
  /** Undo steps the editor keeps (SPEC §5 Chat: the mention input's history is 50 steps). */
  editorUndoSteps: 50,
  /** The longest value any free-text form field may carry before a rule looks at it. */
  fieldMax: 4096,
} as const;

/** Reactions on a message (extensions.md §1). */
export const ReactionLimits = {
  /** Distinct emojis one message may carry. */
  emojisPerMessage: 20,
  /** Reacting users a reaction lists (oldest first); its count stays exact. */
  usersListed: 100,
  /** The longest emoji, in UTF-8 bytes (a family or a flag with its tags fits). */
  emojiMaxBytes: 32,
} as const;
