import type { Kysely } from 'kysely';
import { MENU_KEYS } from '../../../contract/api/content.ts';
import type { Database } from '../schema.ts';

/** Public settings. New keys are added to existing databases; values already there are kept. */
export const SEED_SETTINGS: Record<string, string> = {
  site_name: 'Brisk',
  site_logo: '/content/logo.svg',
  down_logo: '/content/logo.svg',
  version: '0.8.0',
  version_code: '80',
  service_email: 'support@brisk.dev',
  app_download_url: '/',
  invite_required: '0',
};

export async function seedSettings(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('settings')
    .values(Object.entries(SEED_SETTINGS).map(([keyword, value]) => ({ keyword, value })))
    .onConflict((oc) => oc.column('keyword').doNothing())
    .execute();
  await db
    .insertInto('menu_items')
    .values(MENU_KEYS.map((menu_key, sort) => ({ menu_key, enabled: 1, sort })))
    .onConflict((oc) => oc.column('menu_key').doNothing())
    .execute();
}
