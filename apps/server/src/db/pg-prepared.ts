/**
 * Named prepared statements on node-postgres, for the few hot paths where Kysely's query building and PostgreSQL's
 * parse/plan of every query cost more than the work itself (the order intake, bench/api-orders). A statement is
 * named after a hash of its text: node-postgres parses it once per connection and then only binds and executes it
 * (it refuses one name for two texts, which the hash rules out). Parameters are bound, never interpolated.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statement names by SQL text (the texts are a handful of constants, built once). */
const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `trpz_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < 1000) names.set(text, name);
  }
  return name;
}

/** Runs `text` as a named prepared statement on `client` (a pool's client or the pool itself). */
export async function preparedQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  client: pg.PoolClient | pg.Pool,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  return client.query<R>({ name: statementName(text), text, values });
}
