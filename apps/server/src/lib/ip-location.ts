import ip2region from "ip2region";

// The package is CommonJS exporting `default`: Node's ESM loader hands over the whole
// exports object, bundlers and TypeScript the class. Either way, take the class.
const IP2Region: typeof ip2region =
  (ip2region as unknown as { default?: typeof ip2region }).default ?? ip2region;

let finder: InstanceType<typeof IP2Region> | undefined;

/**
 * Where an IP address is, from the ip2region database shipped in its npm package (never an
 * outside service): "country province city" with Chinese-region detail where it has it
 * (e.g. "中国 广东省 深圳市"), its network for private and special addresses ("内网IP"),
 * or "" when it knows nothing. Loaded on first use.
 */
export function ipLocation(ip: string): string {
  const address = ip.replace(/^::ffff:/i, "").trim();
  if (address === "") return "";
  finder ??= new IP2Region();
  let found: ReturnType<InstanceType<typeof IP2Region>["search"]>;
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
