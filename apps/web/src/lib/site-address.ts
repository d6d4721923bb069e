/** This site's own address as a path ("/storage/logo/…"), others as they are. */
export function siteRelative(url: string): string {
  const origin = window.location.origin;
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}
