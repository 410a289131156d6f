/**
 * Exposes the SMS transport as `app.sms` (lib/sms.ts: the HTTP gateway when SMS_GATEWAY_URL is set, else the outbox
 * file) and, only when NODE_ENV=test, the messages kept in memory: `GET /api/__test/sms?to=…&limit=…` (newest
 * first), `DELETE /api/__test/sms`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSms, type SmsSender } from '../lib/sms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

const SentSmsSchema = z.object({
  id: z.string(),
  to: z.string(),
  date: z.string(),
  text: z.string(),
  tag: z.string().optional(),
});

export interface SmsOptions {
  dataDir: string;
  gatewayUrl: string | null;
  token: string | null;
  from: string | null;
  enableTestRoutes: boolean;
  now: () => Date;
}

export function registerSms(app: FastifyInstance, options: SmsOptions): void {
  const setup = createSms({
    dataDir: options.dataDir,
    gatewayUrl: options.gatewayUrl,
    token: options.token,
    from: options.from,
    keep: options.enableTestRoutes,
    now: options.now,
  });
  app.decorate('sms', setup.sender);
  app.addHook('onClose', async () => setup.close());
  app.log.info(
    setup.transport === 'gateway' && options.gatewayUrl
      ? `sms: gateway ${new URL(options.gatewayUrl).origin}`
      : `sms: outbox ${options.dataDir}/outbox/sms.jsonl (SMS_GATEWAY_URL not set)`,
  );
  const memory = setup.memory;
  if (!options.enableTestRoutes || !memory) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/__test/sms',
    {
      schema: {
        hide: true,
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(20),
        }),
        response: { 200: z.array(SentSmsSchema) },
      },
    },
    async (request) => memory.latest(request.query.limit, request.query.to),
  );
  r.delete(
    '/api/__test/sms',
    { schema: { hide: true, response: { 204: z.null() } } },
    async (_req, reply) => {
      memory.clear();
      return reply.code(204).send(null);
    },
  );
}
