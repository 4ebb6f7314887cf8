import { msg } from '@lingui/core/macro';
import type { RouteManifest } from '../../lib/route-manifest.ts';
import { HOME_READS } from '../../api/early-reads.ts';

/** The home tab: the start page, in the boot chunk (src/app/routes.ts), under both of its paths. */
export const INDEX_ROUTES: RouteManifest = [
  { path: '/', tab: true, title: msg`Home`, start: true, reads: HOME_READS },
  { path: '/pages/index/index', title: msg`Home`, start: true, reads: HOME_READS },
];
