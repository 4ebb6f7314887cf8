const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** Image paths from the server that are not absolute are prefixed with the host (section 7). */
export function assetUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (ABSOLUTE.test(path)) return path;
  return location.origin + (path.startsWith('/') ? path : '/' + path);
}
