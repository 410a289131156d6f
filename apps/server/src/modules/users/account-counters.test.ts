/**
 * The clean-up of the database's `account_counters` (no Redis): a counter whose window has ended is deleted now and
 * then — on one hit in fifty, drawn with Math.random — so the rows of random addresses a sprayer tried do not pile
 * up; a counter still in its window is never deleted. The die is fixed here so each case is certain. SQLite and
 * PostgreSQL.
 */
import { afterEach, expect, vi } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { AccountCounters } from './account-counters.ts';

const keys = async (ctx: TestContext) =>
  (
    await ctx.db
      .selectFrom('account_counters')
      .select('key')
      .where('key', 'like', 'sweep:%')
      .orderBy('key')
      .execute()
  ).map((r) => r.key);

describeEachDatabase(
  'ended account counters are swept now and then',
  (ctx) => {
    afterEach(() => vi.restoreAllMocks());

    ctx.test(
      'most hits leave ended counters alone; one in fifty deletes them, never a live one',
      async () => {
        const counters = new AccountCounters(ctx.db, null);
        const die = vi.spyOn(Math, 'random').mockReturnValue(0.5);
        expect(await counters.hit('sweep:ended', 0, 1000, 'fixed')).toBe(1);
        expect(await counters.hit('sweep:exactly-ended', 4000, 1000, 'fixed')).toBe(1);
        expect(await counters.hit('sweep:live', 4500, 1000, 'fixed')).toBe(1);
        expect(await counters.hit('sweep:now', 5000, 1000, 'fixed')).toBe(1);
        expect(await keys(ctx)).toEqual(['sweep:ended', 'sweep:exactly-ended', 'sweep:live', 'sweep:now']);
        // The 2 % draw: every counter whose window ended by now goes, the ones still running stay (with their count).
        die.mockReturnValue(0.01);
        expect(await counters.hit('sweep:now', 5000, 1000, 'fixed')).toBe(2);
        expect(await keys(ctx)).toEqual(['sweep:live', 'sweep:now']);
        expect(await counters.get('sweep:live', 5000)).toEqual({ count: 1, lastAt: 4500 });
      },
    );
  },
  { seed: false },
);
