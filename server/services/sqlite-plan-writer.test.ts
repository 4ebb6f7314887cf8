// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { PlannedBatchSql } from './batch-sql.ts';
import { SqlitePlanWriter } from './sqlite-plan-writer.ts';

const log = { info: () => undefined, warn: () => undefined };
const open: { writer: SqlitePlanWriter; db: Database.Database; dir: string }[] = [];

function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'brisk-plan-'));
  const file = join(dir, 'test.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`create table journals (id integer primary key, note text);
    create table postings (id integer primary key, journal_id integer not null references journals(id), amount integer not null, memo text);
    create table accounts (id integer primary key, balance integer not null);
    insert into accounts (id, balance) values (1, 100), (2, 50);`);
  const writer = new SqlitePlanWriter(file, log);
  open.push({ writer, db, dir });
  return { writer, db };
}

afterEach(async () => {
  for (const { writer, db, dir } of open.splice(0)) {
    await writer.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('SqlitePlanWriter', () => {
  it('runs a plan in one transaction, resolving the ids it captured for later statements', async () => {
    const { writer, db } = setUp();
    const sql = new PlannedBatchSql();
    const [first, second] = await sql.insert('journals', ['note'], [['a'], ['b']], 'journal');
    await sql.insert('postings', ['journal_id', 'amount', 'memo'], [[first, 30, 'x'], [second, -30, undefined]]);
    await sql.updateGuarded('accounts', ['balance'], ['balance'], [{ id: 1, values: [130], expected: [100] }]);
    await writer.run(sql.steps);

    const postings = db.prepare('select p.amount, p.memo, j.note from postings p join journals j on j.id = p.journal_id order by p.id').all();
    // A missing value binds as NULL (better-sqlite3 does so with undefined), as it did when plans went as JSON.
    expect(postings).toEqual([{ amount: 30, memo: 'x', note: 'a' }, { amount: -30, memo: null, note: 'b' }]);
    expect(db.prepare('select balance from accounts where id = 1').get()).toEqual({ balance: 130 });
  });

  it('rolls the whole plan back when a guarded row changed since it was read, and keeps working', async () => {
    const { writer, db } = setUp();
    const stale = new PlannedBatchSql();
    await stale.insert('journals', ['note'], [['lost']], 'journal');
    await stale.updateGuarded('accounts', ['balance'], ['balance'], [{ id: 2, values: [0], expected: [49] }]);
    await expect(writer.run(stale.steps)).rejects.toThrow(/rolled back: expected 1 rows to change, 0 did/);
    expect(db.prepare('select count(*) as n from journals').get()).toEqual({ n: 0 });
    expect(db.prepare('select balance from accounts where id = 2').get()).toEqual({ balance: 50 });

    // The statement texts it was sent stay numbered: a later plan of the same shapes runs.
    const fresh = new PlannedBatchSql();
    await fresh.insert('journals', ['note'], [['kept']], 'journal');
    await fresh.updateGuarded('accounts', ['balance'], ['balance'], [{ id: 2, values: [0], expected: [50] }]);
    await writer.run(fresh.steps);
    expect(db.prepare('select note from journals').all()).toEqual([{ note: 'kept' }]);
    expect(db.prepare('select balance from accounts where id = 2').get()).toEqual({ balance: 0 });
  });
});
