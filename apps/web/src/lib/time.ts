/**
 * The start of the calendar day `days` after the one of `ms` (before it when negative), in
 * local time: counted in days, not in 24 hours, which a change to or from summer time
 * makes 23 or 25.
 */
function startOfDay(ms: number, days = 0): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  if (days !== 0) d.setDate(d.getDate() + days);
  return d.getTime();
}

/**
 * A message time as the chat shows it (SPEC §9): the time of day today, "yesterday",
 * the weekday within the week, month and day this year, otherwise the full date. The month
 * is named as the language writes it ("Feb 1", "2月1日"): all-number dates read
 * differently in different countries.
 */
export function formatChatTime(
  ms: number,
  now: number,
  locale: string,
  words: { yesterday: string },
): string {
  const time = formatClockTime(ms, locale);
  const today = startOfDay(now);
  const day = startOfDay(ms);
  if (day === today) return time;
  if (day === startOfDay(now, -1)) return `${words.yesterday} ${time}`;
  if (day >= startOfDay(now, -6) && day < today) {
    return `${new Intl.DateTimeFormat(locale, { weekday: "long" }).format(ms)} ${time}`;
  }
  if (new Date(ms).getFullYear() === new Date(now).getFullYear()) {
    return `${new Intl.DateTimeFormat(locale, { month: "short", day: "numeric" }).format(ms)} ${time}`;
  }
  return `${new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric" }).format(ms)} ${time}`;
}

/** The short form for the contact list: the time today, else the date. */
export function formatListTime(
  ms: number,
  now: number,
  locale: string,
  words: { yesterday: string },
): string {
  const today = startOfDay(now);
  const day = startOfDay(ms);
  if (day === today) return formatClockTime(ms, locale);
  if (day === startOfDay(now, -1)) return words.yesterday;
  if (new Date(ms).getFullYear() === new Date(now).getFullYear()) {
    return new Intl.DateTimeFormat(locale, {
      month: "numeric",
      day: "numeric",
    }).format(ms);
  }
  return new Intl.DateTimeFormat(locale, {
    year: "2-digit",
    month: "numeric",
    day: "numeric",
  }).format(ms);
}

/** SPEC §9: a time divider after a gap of one minute. */
export const TIME_DIVIDER_GAP_MS = 60_000;

/**
 * The exact time of a message, for the history panel and hover titles: SPEC §9's
 * year/month/day hour:minute:second in every language (English's own order would be
 * month/day/year), with the language's digits.
 */
export function formatFullTime(ms: number, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}/${part("month")}/${part("day")} ${part("hour")}:${part("minute")}:${part("second")}`;
}

/** The time of day of a message, hours and minutes, for the row under the pointer. */
export function formatClockTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(ms);
}
