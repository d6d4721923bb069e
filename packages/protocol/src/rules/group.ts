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
  /** The longest group description (issue 45), in characters. */
  descriptionMax: 500,
  /** Public groups a page of the directory lists at most. */
  directoryPageMax: 50,
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

/** What the group and member dialog is for (SPEC §2): create a group, add members, pick an heir. */
export type MemberPickerMode = "create" | "add" | "transfer";

/** Why the group and member dialog cannot go on (SPEC §5 Chat), as a `group.*` message key. */
export type MemberPickerProblem =
  | "group.nameLength"
  | "group.tooFew"
  | "group.selectToAdd"
  | "group.pickOne"
  | "group.tooManyAtOnce"
  | "group.full";

/**
 * The dialog's checks, in SPEC's order: a name of 2–20 characters (create), at least two
 * others (create), at least one (add, at most 20 a time), exactly one (transfer); and the
 * group size cap `groupUserMax` when above 0 (`members` counts those already in, me included).
 */
export function memberPickerProblem(
  mode: MemberPickerMode,
  input: {
    name?: string;
    picked: number;
    members: number;
    groupUserMax: number;
  },
): MemberPickerProblem | null {
  if (mode === "transfer") return input.picked === 1 ? null : "group.pickOne";
  if (mode === "create") {
    const name = (input.name ?? "").trim();
    if (name.length < GroupLimits.nameMin || name.length > GroupLimits.nameMax)
      return "group.nameLength";
    if (input.picked < GroupLimits.createMin) return "group.tooFew";
  } else {
    if (input.picked < 1) return "group.selectToAdd";
    if (input.picked > GroupLimits.addMax) return "group.tooManyAtOnce";
  }
  if (
    input.groupUserMax > 0 &&
    input.members + input.picked > input.groupUserMax
  )
    return "group.full";
  return null;
}

/** The units a custom mute is typed in (SPEC §2 mute dialog). */
export type MuteUnit = "day" | "hour" | "minute";

const PER_DAY: Readonly<Record<MuteUnit, number>> = {
  day: 1,
  hour: 24,
  minute: 1440,
};

/**
 * A custom mute typed as an amount of days, hours or minutes, as the `noSpeakDay` the call
 * takes; null when it falls outside 1 minute to 365 days (SPEC §5: custom mute 1–365 days).
 */
export function customMuteDays(amount: number, unit: MuteUnit): number | null {
  if (!Number.isInteger(amount) || amount < 1) return null;
  const days = amount / PER_DAY[unit];
  return muteDuration(0, days) === null ? null : days;
}
