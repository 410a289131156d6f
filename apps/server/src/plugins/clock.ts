/**
 * Exposes the server clock as `app.clock`, and only when NODE_ENV=test the override endpoints the browser tests
 * use to run time-dependent journeys at chosen instants: `PUT /api/__test/clock {"now": ISO}`, `DELETE` to release.
 * In any other environment the routes do not exist, so production time cannot be moved from outside.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerClock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    clock: ServerClock;
  }
}

const ClockState = z.object({ now: z.string(), overridden: z.boolean() });

export function registerClock(app: FastifyInstance, clock: ServerClock, enableTestRoutes: boolean): void {
  app.decorate('clock', clock);
  if (!enableTestRoutes) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const state = () => ({ now: clock.now().toISOString(), overridden: clock.override !== null });
  const hide = { hide: true } as const;
  r.get('/api/__test/clock', { schema: { ...hide, response: { 200: ClockState } } }, async () => state());
  r.put(
    '/api/__test/clock',
    {
      schema: {
        ...hide,
        body: z.object({ now: z.iso.datetime({ offset: true }) }),
        response: { 200: ClockState },
      },
    },
    async (request) => {
      clock.setOverride(new Date(request.body.now));
      return state();
    },
  );
  r.delete('/api/__test/clock', { schema: { ...hide, response: { 200: ClockState } } }, async () => {
    clock.setOverride(null);
    return state();
  });
}
