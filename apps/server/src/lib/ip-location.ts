import type Ip2region from "ip2region";
import { lazyRequire } from "./lazy-require.js";

// Loaded at the first lookup, not at start (W7, issue 49). The package is CommonJS
// exporting `default`: take the class either way.
const ip2region = lazyRequire<typeof Ip2region>("ip2region");
const IP2Region = (): typeof Ip2region =>
  (ip2region() as unknown as { default?: typeof Ip2region }).default ??
  ip2region();

let finder: Ip2region | undefined;

/**
 * Where an IP address is, from the ip2region database shipped in its npm package (never an
 * outside service): "country province city" with Chinese-region detail where it has it
 * (e.g. "中国 广东省 深圳市"), its network for private and special addresses ("内网IP"),
 * or "" when it knows nothing. Loaded on first use.
 */
export function ipLocation(ip: string): string {
  const address = ip.replace(/^::ffff:/i, "").trim();
  if (address === "") return "";
  finder ??= new (IP2Region())();
  let found: ReturnType<Ip2region["search"]>;
  try {
    found = finder.search(address);
  } catch {
    return "";
  }
  if (!found) return "";
  const place = [
    ...new Set([found.country, found.province, found.city].filter(Boolean)),
  ];
  return place.length > 0 ? place.join(" ") : found.isp;
}
