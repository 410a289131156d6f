// The yardstick: a bare Fastify server answering the same JSON bodies from memory (no database, no tenancy).
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const bodies = JSON.parse(readFileSync(process.env.BODIES_FILE!, 'utf8')) as Record<string, unknown>;
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(bodies)) {
  const json = JSON.stringify(body);
  app.get(path, async (_req, reply) => reply.type('application/json; charset=utf-8').send(json));
}
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
