/** A wait as a person says it: a whole number of seconds, minutes or hours. */
export interface WaitInUnits {
  value: number;
  unit: "second" | "minute" | "hour";
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Rounds a wait up to the unit a person would use: seconds under a minute, minutes under an
 * hour, hours beyond. Rounding is always up, so "try again in 15 minutes" (896 s) is never
 * too early to be let in.
 */
export function waitInUnits(seconds: number): WaitInUnits {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < MINUTE) return { value: whole, unit: "second" };
  const minutes = Math.ceil(whole / MINUTE);
  if (minutes < 60) return { value: minutes, unit: "minute" };
  return { value: Math.ceil(whole / HOUR), unit: "hour" };
}

/**
 * When to try again, in words of `locale` (a BCP-47 tag): "in 15 minutes", "15分钟后",
 * "dans 30 secondes". Made to stand in a sentence such as "Try again {when}."
 */
export function retryIn(seconds: number, locale: string): string {
  const { value, unit } = waitInUnits(seconds);
  return new Intl.RelativeTimeFormat(locale, { numeric: "always" }).format(
    value,
    unit,
  );
}
