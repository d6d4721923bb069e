const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** A size in the reader's language, in the largest unit below 1024 of it: "1.5 GB". */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: UNITS[unit],
    // "512 B" rather than "512 byte"; larger units read well short ("1.5 MB").
    unitDisplay: unit === 0 ? "narrow" : "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
