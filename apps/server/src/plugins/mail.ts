/**
 * Exposes the mailer as `app.mailer` (see lib/mailer.ts: SMTP when SMTP_URL is set, else the outbox files) and,
 * only when NODE_ENV=test, the messages kept in memory to the tests and browser journeys:
 * `GET /api/__test/outbox?to=…&limit=…` (newest first), `DELETE /api/__test/outbox`. With SMTP configured the test
 * outbox still fills (each message is kept in memory, then sent), so journeys may read either.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMailer, redactSmtpUrl, type Mailer, type MailerSetup } from '../lib/mailer.ts';

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
  /** smtp:// or smtps:// URL (config SMTP_URL, validated there); null/absent: the outbox under dataDir. */
  smtpUrl?: string | null | undefined;
  /** Sender (config MAIL_FROM). */
  from?: string | undefined;
  enableTestRoutes: boolean;
  now: () => Date;
}

export function registerMail(app: FastifyInstance, options: MailOptions): MailerSetup {
  const setup = createMailer({
    dataDir: options.dataDir,
    smtpUrl: options.smtpUrl,
    from: options.from,
    now: options.now,
    keepOutbox: options.enableTestRoutes,
  });
  app.decorate('mailer', setup.mailer);
  app.addHook('onClose', async () => setup.close());
  app.log.info(
    setup.transport === 'smtp' && options.smtpUrl
      ? `mail: SMTP ${redactSmtpUrl(options.smtpUrl)}`
      : `mail: outbox ${options.dataDir}/outbox (SMTP_URL not set)`,
  );
  const mailer = setup.outbox;
  if (!options.enableTestRoutes || !mailer) return setup;
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
  return setup;
}
