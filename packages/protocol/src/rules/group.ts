/** Group constants of SPEC §5 and §9, and the old server's per-call cap (wire-contract.md §2.5). */
export const GroupLimits = {
  /** Group name, in characters (SPEC §9). */
  nameMin: 2,
  nameMax: 20,
  /** Others to pick when creating a group (SPEC §5). */
  createMin: 2,
  /** The most people one create call may name (the picker's practical ceiling). */
  createMax: 10_000,
  /** People one `addGroupUser` call may add (wire-contract.md §2.5). */
  addMax: 20,
  /** The longest group notice, in characters. */
  noticeMax: 1000,
  /** Custom mute, in days (SPEC §9). */
  muteDaysMax: 365,
  /** The group QR stays valid this long (SPEC §9). */
  qrValidMs: 7 * 24 * 60 * 60 * 1000,
} as const;

const MINUTE = 60_000;

/** SPEC §9 mute presets by `noSpeakTimer`: 10 minutes, 1 hour, 3 hours, 1 day. */
export const MUTE_PRESETS_MS: Readonly<Record<1 | 2 | 3 | 4, number>> = {
  1: 10 * MINUTE,
  2: 60 * MINUTE,
  3: 180 * MINUTE,
  4: 1440 * MINUTE,
};

/**
 * How long a mute lasts, in ms: a preset (`timer` 1–4), else a custom `days` (a day, hour
 * or minute count converted to days by the client; at least a minute, at most 365 days);
 * 0 lifts the mute. Null when the pair makes no sense.
 */
export function muteDuration(timer: number, days: number): number | null {
  if (timer === 1 || timer === 2 || timer === 3 || timer === 4)
    return MUTE_PRESETS_MS[timer];
  if (timer !== 0 || !Number.isFinite(days)) return null;
  if (days === 0) return 0;
  const ms = Math.round(days * 1440) * MINUTE;
  if (ms < MINUTE || days > GroupLimits.muteDaysMax) return null;
  return ms;
}

/** The contact id of a group on the wire: `group-N` (wire-contract.md §4.4). */
export function groupContactId(groupId: number): `group-${number}` {
  return `group-${groupId}`;
}
