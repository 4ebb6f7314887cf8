import { useEffect } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addFavourite, fetchFavourites, removeFavourite } from '../../api/market.ts';
import { currentRoute, navigate } from '../../lib/hash-route.ts';
import { LOGIN_PATH } from '../../lib/app-paths.ts';
import { $favourites } from '../../stores/favourites.ts';
import { $signedIn } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';

/** Section 2's guard delay: "Please login first", then the login page. */
const GUARD_REDIRECT_MS = 1200;

let loading: Promise<void> | null = null;

/** Loads the favourites once per session (again after a reload()); their quotes seed nothing. */
export function loadFavourites(force = false): Promise<void> {
  if (!$signedIn.get()) return Promise.resolve();
  if (loading && !force) return loading;
  loading = fetchFavourites().then(
    (served) => $favourites.set(new Set(served.data.map((q) => q.symbol))),
    () => {
      loading = null;
    },
  );
  return loading;
}

/** The favourite set for stars: null while unknown (signed out, or not loaded yet). */
export function useFavouriteSet(): ReadonlySet<string> | null {
  const signedIn = useStore($signedIn);
  const set = useStore($favourites);
  useEffect(() => {
    if (signedIn) void loadFavourites();
    else loading = null;
  }, [signedIn]);
  return signedIn ? set : null;
}

function loginFirst(): void {
  showToast(i18n._(msg`Please login first`));
  const here = currentRoute();
  const back = encodeURIComponent(here.path + (here.search ? '?' + here.search : ''));
  setTimeout(() => navigate(`${LOGIN_PATH}?redirect=${back}`), GUARD_REDIRECT_MS);
}

/**
 * Stars or unstars a pair. Signed out, it is the login guard. The star changes at once and goes
 * back if the server refuses (the client has already shown why).
 */
export async function toggleFavourite(symbol: string): Promise<void> {
  if (!$signedIn.get()) return loginFirst();
  const before = $favourites.get() ?? new Set<string>();
  const adding = !before.has(symbol);
  const next = new Set(before);
  if (adding) next.add(symbol);
  else next.delete(symbol);
  $favourites.set(next);
  try {
    await (adding ? addFavourite(symbol) : removeFavourite(symbol));
    showToast(adding ? i18n._(msg`Added to favourites`) : i18n._(msg`Removed from favourites`), 'success');
  } catch {
    $favourites.set(before);
  }
}
