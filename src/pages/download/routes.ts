import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';

/** Section 1's "app download page": installing the PWA (reached from settings). */
export const DOWNLOAD_ROUTES: RouteManifest = [
  { path: '/pages/download/index', title: msg`Install app`, screen: screen(() => import('./download-page.tsx'), 'DownloadPage') },
];
