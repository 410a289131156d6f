/**
 * How the server's PostgreSQL pool turns column values into JavaScript. node-postgres returns int8 (`bigint`, also
 * `count(*)` and `sum` of integers) as a string, since not every int8 fits a JavaScript number. Money columns are
 * int8 (migration 2026-12-12T1200-money-bigint) and are numbers in minor units everywhere in the app, so int8
 * becomes a number here — and a value beyond Number.MAX_SAFE_INTEGER (2^53 − 1) fails the query loudly instead of
 * silently losing precision (orders are capped far below it: packages/domain money.ts). Everything else keeps
 * node-postgres' parsers. Set per pool (not pg.types globally), so other pg users in the process are unaffected.
 */
import pg from 'pg';

const INT8_OID = 20;

function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(
      `int8 value ${value} is beyond JavaScript's safe integers (±${Number.MAX_SAFE_INTEGER})`,
    );
  }
  return n;
}

export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return parseInt8;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads need the literal format type
    return pg.types.getTypeParser(oid, format as any);
  },
};
