/** This site's own address as a path ("/storage/logo/…"), others as they are. */
export function siteRelative(url: string): string {
  const origin = window.location.origin;
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

/**
 * An address the server answered as it may (`/hooks/…`, `/#/welcome?…`: relative without
 * PUBLIC_URL) as others must be given it: absolute, on this site.
 */
export function siteAbsolute(url: string): string {
  return new URL(url, window.location.href).href;
}
