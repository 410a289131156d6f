/**
 * Accounts e-mail over real SMTP (issue 6 "E-mail"), on SQLite and PostgreSQL: the app is configured with
 * SMTP_URL pointing at a local `smtp-server` (test/smtp-sink.ts) and the tests read what arrives there — the
 * welcome mail after registration, the reset mail whose link sets a new password. Against a server that refuses
 * every message the API answers exactly as before (the reset answer reveals nothing) and the failure is logged.
 */
import { afterAll, afterEach, expect, vi } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { startSmtpSink, type ReceivedMail } from '../../../test/smtp-sink.ts';

const sink = await startSmtpSink({ user: 'mailer', pass: 'p@ss word/1' });
const refusing = await startSmtpSink({ mode: 'reject' });
afterAll(async () => {
  await sink.close();
  await refusing.close();
});

let ipSeq = 0;
const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

function post(ctx: TestContext, url: string, body: unknown, headers: Record<string, string> = {}) {
  return ctx.post(url, body, { headers: { 'x-forwarded-for': nextIp(), ...headers } });
}

const newUser = (email: string) => ({
  first_name: 'Мария',
  last_name: 'Иванова',
  email,
  phone: '+359 888 123 456',
  password: 'first-password',
});

const tagOf = (m: ReceivedMail) => String(m.headers.get('x-trapeza-tag') ?? '');
const mailTo = (email: string, tag: string) => (m: ReceivedMail) =>
  m.rcptTo.includes(email) && tagOf(m) === tag;

describeEachDatabase(
  'accounts e-mail over SMTP',
  (ctx) => {
    ctx.test(
      'registration sends the confirmation mail through the SMTP server, in the asked language',
      async () => {
        const email = `welcome-${ctx.dialect}@smtp.test`;
        const res = await post(ctx, '/api/register', newUser(email), { lang: 'de' });
        expect(res.statusCode, res.body).toBe(202);
        const mail = await sink.waitFor(mailTo(email, 'confirm_email'));
        expect(mail.user).toBe('mailer'); // logged in with the credentials of SMTP_URL (percent-decoded)
        expect(mail.mailFrom).toBe('orders@bistro.test');
        expect(mail.from).toBe('"Bistro Demo" <orders@bistro.test>');
        expect(mail.to).toBe(email);
        expect(mail.subject).toMatch(/^Bestätigen Sie Ihre E-Mail für /);
        expect(mail.text).toContain('Hallo Мария,');
        expect(mail.text).toContain(`${ctx.config.publicUrl}/bistro/confirm-email?token=`);
      },
    );

    ctx.test('reset: the mail arrives with a working single-use link; the new password logs in', async () => {
      const email = `reset-${ctx.dialect}@smtp.test`;
      expect((await post(ctx, '/api/register', newUser(email))).statusCode).toBe(202);
      const res = await post(ctx, '/api/users/reset-password', { email }, { lang: 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'reset_password_sent' });

      const mail = await sink.waitFor(mailTo(email, 'password_reset'));
      expect(mail.subject).toBe('Reset your password');
      expect(mail.text).toContain('Hello Мария,');
      expect(mail.text).toContain('The link is valid for 1 hour and can be used once.');
      const link = /(\S+\/bistro\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(mail.text);
      expect(link?.[1]?.startsWith(`${ctx.config.publicUrl}/bistro/reset-password?token=`)).toBe(true);
      expect(mail.html).toContain(`href="${link?.[1]}"`);
      const token = link?.[2] ?? '';

      const confirm = await post(ctx, '/api/users/reset-password/confirm', {
        token,
        password: 'second-password',
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const again = await post(ctx, '/api/users/reset-password/confirm', {
        token,
        password: 'third-password',
      });
      expect(again.statusCode).toBe(400);
      const login = await post(ctx, '/api/login', { email, password: 'second-password' });
      expect(login.statusCode, login.body).toBe(200);
      expect((await post(ctx, '/api/login', { email, password: 'first-password' })).statusCode).toBe(401);
    });

    ctx.test(
      'in NODE_ENV=test the outbox also keeps what went out over SMTP (the journeys read it)',
      async () => {
        const email = `outbox-${ctx.dialect}@smtp.test`;
        expect((await post(ctx, '/api/register', newUser(email))).statusCode).toBe(202);
        await sink.waitFor(mailTo(email, 'confirm_email'));
        const res = await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`, {
          client: null,
          place: null,
        });
        expect(res.json()).toEqual([expect.objectContaining({ to: email, tag: 'confirm_email' })]);
      },
    );
  },
  { env: { SMTP_URL: sink.url, MAIL_FROM: 'Bistro Demo <orders@bistro.test>' } },
);

describeEachDatabase(
  'accounts e-mail with a failing SMTP server',
  (ctx) => {
    afterEach(() => vi.restoreAllMocks());

    ctx.test('reset answers the same for known and unknown e-mails; the failed send is logged', async () => {
      const email = `refused-${ctx.dialect}@smtp.test`;
      const logged = vi.spyOn(ctx.app.log, 'error');
      const reg = await post(ctx, '/api/register', newUser(email));
      expect(reg.statusCode, reg.body).toBe(202);
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.anything() }),
          'confirmation e-mail failed',
        ),
      );
      const before = refusing.attempts;

      const known = await post(ctx, '/api/users/reset-password', { email });
      const unknown = await post(ctx, '/api/users/reset-password', {
        email: `ghost-${ctx.dialect}@smtp.test`,
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.objectContaining({ responseCode: 550 }) }),
          'password reset e-mail failed',
        ),
      );
      expect(refusing.attempts).toBe(before + 1); // only the known address was mailed
      expect(refusing.messages).toHaveLength(0);
    });
  },
  { env: { SMTP_URL: refusing.url } },
);
