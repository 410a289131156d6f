/**
 * The set-up the tables suites share, on the ordering fixture of orders.fixtures.ts (client `ordt`: bistro with
 * tables ordt-t1…t3, hotel with room ordt-r101): the fixture seeded once per database, every test at its own
 * minute of an open Tuesday, guest (or bearer) requests to a place of `ordt`, and a QR scanned into a session.
 */
import { expect } from 'vitest';
import type { SuiteOptions, TestContext } from '../../../test/harness.ts';
import type { AppDatabase, DialectName } from '../../db/database.ts';
import { CLIENT, ownMinuteEachTest, type OrderFixture } from '../orders/orders.fixtures.ts';

/** The fields of verify_token's answer the suites read. */
export interface OpenedTableSession {
  session: string;
  token: string;
  table: string;
  table_id: number;
  order_type: number;
  expires: string;
}

export interface TablesRequestOptions {
  /** The place header (default bistro). */
  place?: string;
  /** A staff or guest account's token, sent as `Authorization: Bearer`. */
  bearer?: string;
}

/**
 * One tables suite's fixture: pass `options` to describeEachDatabase and call `use(ctx)` first in the suite (its
 * clock hook must run before the suite's own hooks).
 */
export function tablesSuiteFixture<F extends OrderFixture>(seed: (db: AppDatabase) => Promise<F>) {
  const fixtures = new Map<DialectName, F>();
  const options: SuiteOptions = {
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seed(db));
    },
  };

  function use(ctx: TestContext) {
    ownMinuteEachTest(ctx);
    const fx = (): F => {
      const f = fixtures.get(ctx.dialect);
      if (!f) throw new Error(`the tables fixture of ${ctx.dialect} is not seeded (used outside a test?)`);
      return f;
    };
    const send = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      body?: unknown,
      { place = 'bistro', bearer }: TablesRequestOptions = {},
    ) =>
      ctx.request(method, url, {
        client: CLIENT,
        place,
        body,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
    /** Scans a table's QR as a guest: the session it opens. */
    async function open(token = 'ordt-t1', place = 'bistro'): Promise<OpenedTableSession> {
      const res = await send('POST', '/api/tables/verify_token', { token, placeSlug: place }, { place });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as OpenedTableSession;
    }
    return { fx, send, open };
  }

  return { options, use };
}
