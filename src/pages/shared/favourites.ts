import { useEffect } from 'preact/hooks';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addFavourite, fetchFavourites, removeFavourite } from '../../api/market.ts';
import { currentRoute, navigate } from '../../lib/hash-route.ts';
import { LOGIN_PATH } from '../../lib/app-paths.ts';
import { $favourites } from '../../stores/favourites.ts';
import { $signedIn, onSessionEnd } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { useOnline } from '../../ui/use-online.ts';

/** Section 2's guard delay: "Please login first", then the login page. */
const GUARD_REDIRECT_MS = 1200;

let loading: Promise<void> | null = null;

/**
 * Why the set is unknown while signed in: its last load failed (offline: while the device was).
 * The favourites tab says so with a Retry, rather than "No favourites yet" over a list it never got.
 */
const $failure = atom<{ offline: boolean } | null>(null);

// The next session loads its own set; an answer still on its way belongs to the one that ended.
onSessionEnd(() => {
  loading = null;
  $failure.set(null);
});

/**
 * Loads the favourites once per session (again after a failure, or when forced); their quotes seed
 * nothing. Callers at the same moment share one request.
 */
export function loadFavourites(force = false): Promise<void> {
  if (!$signedIn.get()) return Promise.resolve();
  if (loading && !force) return loading;
  $failure.set(null);
  const asked: Promise<void> = fetchFavourites().then(
    (served) => {
      if (loading === asked) $favourites.set(new Set(served.data.map((q) => q.symbol)));
    },
    () => {
      // A newer load (forced, or another session's) is on its way: it, not this one, says how things are.
      if (loading !== asked) return;
      loading = null;
      $failure.set({ offline: !navigator.onLine });
    },
  );
  loading = asked;
  return asked;
}

/** The favourite set for stars: null while unknown (signed out, not loaded yet, or its load failed). */
export function useFavouriteSet(): ReadonlySet<string> | null {
  const signedIn = useStore($signedIn);
  const set = useStore($favourites);
  useEffect(() => {
    if (signedIn) void loadFavourites();
    else {
      loading = null;
      $failure.set(null);
    }
  }, [signedIn]);
  // A load that failed is tried again when the network comes back (a loaded set is not asked again).
  useOnline(() => {
    if ($signedIn.get()) void loadFavourites();
  });
  return signedIn ? set : null;
}

/** Whether the favourites failed to load (and so are unknown), for the screen to say so in place. */
export function useFavouritesFailure(): { offline: boolean } | null {
  return useStore($failure);
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
  const known = $favourites.get();
  // Unknown (still loading, or its load failed), the set is read first: one built from nothing
  // would show this pair as the only favourite, and unstar or star against what the server has.
  if (!known) await loadFavourites();
  const before = $favourites.get();
  if (!before) {
    showToast(navigator.onLine ? i18n._(msg`Network error, please try again later`) : i18n._(msg`You are offline. Connect to the network and try again.`), 'error');
    return;
  }
  // While the set was unknown every star showed "not a favourite", so the tap meant add: a pair
  // the server already lists stays, its star now filled.
  if (!known && before.has(symbol)) return;
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
