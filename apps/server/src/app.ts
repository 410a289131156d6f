import Fastify, { type FastifyInstance } from 'fastify';

/** Builds the Fastify application (no listening); tests use it with `inject` or a real port. */
export async function buildApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ ok: true }));
  return app;
}
