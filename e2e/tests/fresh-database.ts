/**
 * Every journey file starts from the seeded demo, as if on a fresh database: the journeys share one server, and
 * admin or staff journeys change the venue (names, colours, zones, tables). Call once at the top of a spec file.
 */
import { request, test } from '@playwright/test';

export function startFromFreshDatabase(): void {
  test.beforeAll(async () => {
    const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      for (const [method, path] of [
        ['POST', '/api/__test/reset'],
        ['DELETE', '/api/__test/clock'],
        ['DELETE', '/api/__test/outbox'],
      ] as const) {
        const res = await api.fetch(path, { method });
        if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
      }
    } finally {
      await api.dispose();
    }
  });
}
