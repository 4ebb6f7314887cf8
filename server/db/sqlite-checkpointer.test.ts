// @vitest-environment node
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCheckpointer } from './sqlite-checkpointer.ts';

const PAGE = 4096;
const dirs: string[] = [];

function openWal(): { db: Database.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'brisk-ckpt-'));
  dirs.push(dir);
  const file = join(dir, 'test.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table blobs (id integer primary key, body blob not null)');
  return { db, file };
}

/**
 * Ten pages a transaction, `transactions` times; after each, `between` (if any) runs before the next.
 */
async function write(db: Database.Database, transactions: number, between?: () => Promise<void>): Promise<void> {
  const insert = db.prepare('insert into blobs (body) values (?)');
  const batch = db.transaction(() => {
    for (let i = 0; i < 10; i += 1) insert.run(Buffer.alloc(PAGE - 200, i));
  });
  for (let i = 0; i < transactions; i += 1) {
    batch();
    await between?.();
  }
}

/**
 * Until two more passes have run: the second began after the last write, so it found the whole WAL
 * to copy. Waiting on passes rather than on a clock keeps the test true on a loaded machine, where
 * the thread may be late by any amount.
 */
async function twoPasses(checkpointer: SqliteCheckpointer): Promise<void> {
  const { passes } = await checkpointer.stats();
  while ((await checkpointer.stats()).passes < passes + 2) await new Promise((resolve) => setTimeout(resolve, 2));
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SqliteCheckpointer', () => {
  it('keeps the WAL from growing while no writer checkpoints', async () => {
    const { db, file } = openWal();
    const checkpointer = new SqliteCheckpointer(file, { everyMs: 5 });
    await checkpointer.stats(); // its thread is up
    await write(db, 150, () => twoPasses(checkpointer));
    await write(db, 1);
    await checkpointer.close();

    // 1,510 pages were written; a WAL that each pass let start over holds about one transaction's.
    expect(statSync(`${file}-wal`).size).toBeLessThan(100 * PAGE);
    expect(db.prepare('select count(*) as n from blobs').get()).toEqual({ n: 1510 });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
