/**
 * Hash routes in the spec's form: `#/pages/common/article?id=3`. The query lives inside the hash, so
 * links stay plain strings and a reload keeps them; wouter's own hash hook would move it into
 * location.search instead.
 */
export interface HashRoute {
  path: string;
  search: string;
}

export function parseHash(hash: string): HashRoute {
  const raw = hash.replace(/^#?\/?/, '/');
  const q = raw.indexOf('?');
  return q < 0 ? { path: raw, search: '' } : { path: raw.slice(0, q), search: raw.slice(q + 1) };
}

export function currentRoute(): HashRoute {
  return parseHash(location.hash);
}

/** Goes to an in-app path such as `/pages/common/login?redirect=%2F`. */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  const target = '#' + (to.startsWith('/') ? to : '/' + to);
  if (location.hash === target) return;
  if (replace) {
    const oldURL = location.href;
    history.replaceState(history.state, '', target);
    dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: location.href }));
  } else {
    location.hash = target;
  }
}

/** The href for an in-app link. */
export function hrefOf(path: string): string {
  return '#' + path;
}
