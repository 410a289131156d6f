/**
 * NODE_ENV=test only: `POST /api/__test/reset` empties the database and seeds the demo again, so every browser
 * journey file starts from a fresh database (the journeys share one server). The route does not exist in any
 * other environment.
 */
import type { FastifyInstance } from 'fastify';
import { resetDemoData, type DatabaseHandle } from '../db/database.ts';
import { clearLocalWindows } from '../lib/shared-limits.ts';

export function registerTestReset(app: FastifyInstance, handle: DatabaseHandle, enabled: boolean): void {
  // What else the reset starts afresh, added by parts started after the app (the demo's payment simulator, whose
  // linked accounts would otherwise outlive the database that knew them). Test only; one list per process, as the
  // route itself.
  const hooks: (() => void)[] = [];
  app.decorate('onTestReset', (hook: () => void) => {
    if (enabled) hooks.push(hook);
  });
  if (!enabled) return;
  app.post('/api/__test/reset', { schema: { hide: true } }, async () => {
    await resetDemoData(handle, () => undefined);
    app.invalidateMenuCache();
    // The rate and abuse limits' in-process counts start afresh too: the journeys share one address, and the
    // logins of earlier files (20 a minute) refused a later file's first login (admin-full, clean-clone CI run).
    clearLocalWindows();
    for (const hook of hooks) hook();
    return { ok: true };
  });
}
