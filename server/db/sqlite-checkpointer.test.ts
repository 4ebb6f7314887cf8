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

/** Ten pages a transaction, `transactions` times, pausing `pauseMs` after each. */
async function write(db: Database.Database, transactions: number, pauseMs: number): Promise<void> {
  const insert = db.prepare('insert into blobs (body) values (?)');
  const batch = db.transaction(() => {
    for (let i = 0; i < 10; i += 1) insert.run(Buffer.alloc(PAGE - 200, i));
  });
  for (let i = 0; i < transactions; i += 1) {
    batch();
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SqliteCheckpointer', () => {
  it('keeps the WAL from growing while no writer checkpoints', async () => {
    const { db, file } = openWal();
    const checkpointer = new SqliteCheckpointer(file, { everyMs: 5 });
    await checkpointer.stats(); // its thread is up
    await write(db, 300, 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stats = await checkpointer.stats();
    await write(db, 1, 0);
    await checkpointer.close();

    expect(stats.passes).toBeGreaterThan(0);
    // 3,000 pages were written; a WAL that restarted from its beginning holds far fewer.
    expect(statSync(`${file}-wal`).size).toBeLessThan(1000 * PAGE);
    expect(db.prepare('select count(*) as n from blobs').get()).toEqual({ n: 3010 });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
