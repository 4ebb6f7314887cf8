import { describe, expect, it } from 'vitest';
import { optionEntryTicks, optionOutcome, optionProfitMinor, optionResultMinor, settlePostings, stakePostings } from '../../server/domain/options-rules.ts';
import { journalProblem } from '../../server/domain/ledger.ts';

const U = (n: number) => BigInt(Math.round(n * 1_000_000));

describe('seconds options', () => {
  it('up wins above the entry, down wins below, equal is a draw', () => {
    expect(optionOutcome('up', 100n, 101n)).toBe('win');
    expect(optionOutcome('up', 100n, 99n)).toBe('lose');
    expect(optionOutcome('down', 100n, 99n)).toBe('win');
    expect(optionOutcome('down', 100n, 101n)).toBe('lose');
    expect(optionOutcome('up', 100n, 100n)).toBe('draw');
    expect(optionOutcome('down', 100n, 100n)).toBe('draw');
  });
  it('entry is the worse of mark and target for the buyer: up pays the higher, down the lower', () => {
    expect(optionEntryTicks('up', 100n, 105n)).toBe(105n);
    expect(optionEntryTicks('up', 100n, 95n)).toBe(100n);
    expect(optionEntryTicks('down', 100n, 95n)).toBe(95n);
    expect(optionEntryTicks('down', 100n, 105n)).toBe(100n);
    // The book's dealing price bounds it too: the ask for an up, the bid for a down; an empty side does not.
    expect(optionEntryTicks('up', 100n, 100n, { bid: 99n, ask: 101n })).toBe(101n);
    expect(optionEntryTicks('down', 100n, 100n, { bid: 99n, ask: 101n })).toBe(99n);
    expect(optionEntryTicks('up', 100n, 102n, { bid: 99n, ask: 101n })).toBe(102n);
    expect(optionEntryTicks('up', 100n, 100n, { bid: 99n, ask: null })).toBe(100n);
    expect(optionEntryTicks('down', 100n, 100n, { bid: null, ask: 101n })).toBe(100n);
  });
  it('profit = stake x rate rounded down: 100 x 10 % = 10; 33.333333 x 15 % = 4.99999995 -> 4.999999', () => {
    expect(optionProfitMinor(U(100), 100_000)).toBe(U(10));
    expect(optionProfitMinor(U(33.333333), 150_000)).toBe(U(4.999999));
  });
  it('result for the user: win +profit, lose -stake, draw 0', () => {
    expect(optionResultMinor('win', U(50), 150_000)).toBe(U(7.5));
    expect(optionResultMinor('lose', U(50), 150_000)).toBe(-U(50));
    expect(optionResultMinor('draw', U(50), 150_000)).toBe(0n);
  });
  it('stake and settlement journals balance: win 100 + 10 from the house, lose 100 to the house, draw refunds', () => {
    const journal = (postings: ReturnType<typeof stakePostings>) => journalProblem({ kind: 'x', userId: 1, refType: 'x', refId: 1, reversesJournalId: null, postings });
    expect(journal(stakePostings(1, 3, U(100)))).toBeNull();
    for (const outcome of ['win', 'lose', 'draw'] as const) expect(journal(settlePostings(1, 3, U(100), outcome, outcome === 'win' ? U(10) : 0n))).toBeNull();
    const win = settlePostings(1, 3, U(100), 'win', U(10));
    expect(win.filter((p) => p.account.name === 'micro' && p.bucket === 'available').reduce((s, p) => s + p.amountMinor, 0n)).toBe(U(110));
    const lose = settlePostings(1, 3, U(100), 'lose', 0n);
    expect(lose.find((p) => p.account.name === 'house')?.amountMinor).toBe(U(100));
  });
});
