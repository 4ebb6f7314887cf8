import type { Generated } from 'kysely';
import type { ContractTables } from './contracts-schema.ts';
import type { DueWorkTables } from './due-work-schema.ts';
import type { MarketDataTables } from './market-data-schema.ts';
import type { MarketTables } from './markets-schema.ts';
import type { MoneyTables } from './money-schema.ts';

/**
 * Table types for Kysely. Storage conventions, the same on SQLite and PostgreSQL:
 * - timestamps are ISO-8601 UTC text ("2026-11-20T10:00:00.000Z"), which sorts and compares as text;
 * - flags are integers 0/1;
 * - amounts are integer minor units as decimal-digit text (`*_minor`), so no driver turns them into
 *   floats; the ledger computes on them as bigint. The money core's tables are in money-schema.ts.
 */
export interface Database extends MoneyTables, MarketTables, MarketDataTables, ContractTables, DueWorkTables {
  settings: SettingsTable;
  server_keys: ServerKeysTable;
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  throttle_events: ThrottleEventsTable;
  outbox_messages: OutboxMessagesTable;
  uploads: UploadsTable;
  currencies: CurrenciesTable;
  currency_networks: CurrencyNetworksTable;
  news: NewsTable;
  news_texts: NewsTextsTable;
  notices: NoticesTable;
  notice_texts: NoticeTextsTable;
  faqs: FaqsTable;
  faq_texts: FaqTextsTable;
  text_pages: TextPagesTable;
  menu_items: MenuItemsTable;
  engine_leader: EngineLeaderTable;
}

/** Public key/value settings answered by /getSetting and /getSiteConfig. Nothing secret goes here. */
export interface SettingsTable {
  keyword: string;
  value: string;
}

/** Server-side secrets shared by every process on this database (the code HMAC key). */
export interface ServerKeysTable {
  name: string;
  value: string;
}

/** The process running the matching engine on PostgreSQL (one row, id 1); see engine-lease.ts. */
export interface EngineLeaderTable {
  id: number;
  /** Its internal origin (ENGINE_ADVERTISE_URL), where followers forward engine-bound requests. */
  url: string;
  /** pg_backend_pid() of the connection holding the engine lock: the row is current only while that backend holds it. */
  backend_pid: number;
  since: string;
}

export interface UsersTable {
  /** Also the public uid: the sequence starts at 100001. */
  id: Generated<number>;
  email: string | null;
  area_code: string | null;
  phone: string | null;
  password_hash: string;
  nickname: string;
  signature: string;
  avatar: string;
  extension_code: string;
  inviter_id: number | null;
  real_state: number;
  /** scrypt like password_hash; null until the user sets a payment password. */
  pay_password_hash: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token, hex: a database leak does not leak usable tokens. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  /** targetKey(): "email:a@b.c" or "mobile:+8613800000000". */
  target: string;
  scene: string;
  /** HMAC-SHA256 of target|scene|code with the server key, hex. */
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface ThrottleEventsTable {
  id: Generated<number>;
  bucket: string;
  created_at: string;
}

/** Messages the dev sender "delivered"; read through GET /api/dev/outbox. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  code: string;
  created_at: string;
}

export interface UploadsTable {
  id: Generated<number>;
  name: string;
  user_id: number;
  mime: string;
  size_bytes: number;
  created_at: string;
  /** UploadPurpose (server/domain/upload-rules.ts): '' until used; only 'avatar' is served publicly. */
  purpose: Generated<string>;
  /** When housekeeping may remove it: null while something refers to it (migration 0008). */
  expires_at: string | null;
}

export interface CurrenciesTable {
  id: Generated<number>;
  symbol: string;
  name: string;
  /** 'coin' (a chain's native asset) or 'token'. */
  type: string;
  /** Decimal places the ledger keeps: amounts are stored as integers of 10^-decimals. */
  decimals: number;
  image: string;
  status: number;
  sort: number;
}

export interface CurrencyNetworksTable {
  id: Generated<number>;
  currency_id: number;
  network: string;
  confirmations: number;
  withdraw_fee_minor: string;
  min_withdraw_minor: string;
  address_regex: string;
  sort: number;
}

export interface NewsTable {
  id: Generated<number>;
  /** 4 news, 5 banner (NEWS_CATEGORY). */
  c_id: number;
  thumbnail: string;
  link: string;
  sort: number;
  status: number;
  published_at: string;
}

export interface NewsTextsTable {
  news_id: number;
  locale: string;
  title: string;
  summary: string;
  content: string;
}

export interface NoticesTable {
  id: Generated<number>;
  status: number;
  published_at: string;
}

export interface NoticeTextsTable {
  notice_id: number;
  locale: string;
  title: string;
  content: string;
}

export interface FaqsTable {
  id: Generated<number>;
  sort: number;
  status: number;
}

export interface FaqTextsTable {
  faq_id: number;
  locale: string;
  question: string;
  answer: string;
}

export interface TextPagesTable {
  /** 'aboutus' | 'contactus' | 'operational_compliance'. */
  page_key: string;
  locale: string;
  title: string;
  content: string;
}

export interface MenuItemsTable {
  menu_key: string;
  enabled: number;
  sort: number;
}
