/**
 * NODE_ENV=test only: `POST /api/__test/reset` empties the database and seeds the demo again, so every browser
 * journey file starts from a fresh database (the journeys share one server). The route does not exist in any
 * other environment.
 */
import type { FastifyInstance } from 'fastify';
import { resetDemoData, type DatabaseHandle } from '../db/database.ts';

export function registerTestReset(app: FastifyInstance, handle: DatabaseHandle, enabled: boolean): void {
  if (!enabled) return;
  app.post('/api/__test/reset', { schema: { hide: true } }, async () => {
    await resetDemoData(handle, () => undefined);
    app.invalidateMenuCache();
    return { ok: true };
  });
}
