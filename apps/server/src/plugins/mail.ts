/**
 * Exposes the mailer as `app.mailer` (see lib/mailer.ts) and, only when NODE_ENV=test, the outbox to the tests and
 * browser journeys: `GET /api/__test/outbox?to=…&limit=…` (newest first), `DELETE /api/__test/outbox`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMailer, type Mailer, type OutboxMailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const SentMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  date: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  tag: z.string().optional(),
});

export interface MailOptions {
  dataDir: string;
  /** SMTP transport: reserved, not implemented yet (createMailer refuses it). Defaults to env SMTP_URL. */
  smtpUrl?: string | undefined;
  enableTestRoutes: boolean;
  now: () => Date;
}

export function registerMail(app: FastifyInstance, options: MailOptions): OutboxMailer {
  const mailer = createMailer({
    dataDir: options.dataDir,
    smtpUrl: options.smtpUrl ?? process.env.SMTP_URL,
    now: options.now,
  });
  app.decorate('mailer', mailer);
  if (!options.enableTestRoutes) return mailer;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hide = { hide: true } as const;
  r.get(
    '/api/__test/outbox',
    {
      schema: {
        ...hide,
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(20),
        }),
        response: { 200: z.array(SentMailSchema) },
      },
    },
    async (request) => mailer.latest(request.query.limit, request.query.to),
  );
  r.delete(
    '/api/__test/outbox',
    { schema: { ...hide, response: { 204: z.null() } } },
    async (_request, reply) => {
      mailer.clear();
      return reply.code(204).send(null);
    },
  );
  return mailer;
}
