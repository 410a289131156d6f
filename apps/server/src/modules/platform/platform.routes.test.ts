/**
 * The platform API (issue 15 items 4–5, issue 23 #13) through the real routes, on SQLite and PostgreSQL: brands with
 * venues and order counts; creation and editing with the bad-input answers (400 naming the field for malformed or
 * reserved slugs and domains, 409 for taken ones, a neutral 409 for a bound domain); SALES_ADMIN may create and
 * edit but not deactivate; a deactivated brand's API answers 404; venues from the three templates serve their menu
 * at once (empty); invitations by e-mail (outbox) with a single-use, 72-hour link that signs the person in; domain
 * verification by DNS TXT through a stub resolver.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { findClientByHost } from '../../plugins/tenancy.repository.ts';
import { createPlatformAdmin } from './platform-admin.ts';

const PASSWORD = 'platform-pass-12';

interface Mail {
  to: string;
  subject: string;
  text: string;
  tag?: string;
}

async function outbox(ctx: TestContext, to: string): Promise<Mail[]> {
  const res = await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(to)}`, { client: null, place: null });
  expect(res.statusCode).toBe(200);
  return res.json() as Mail[];
}

function inviteToken(mail: Mail): { base: string; token: string } {
  const match = /(https?:\/\/[^\s/]+)\/platform\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error(`no invitation link in ${mail.text}`);
  return { base: match[1], token: match[2] };
}

describeEachDatabase('platform API', (ctx) => {
  let superToken = '';
  let salesToken = '';

  beforeAll(async () => {
    await createPlatformAdmin(ctx.db, { email: 'ops@platform.test', password: PASSWORD });
    await createPlatformAdmin(ctx.db, {
      email: 'sales@platform.test',
      password: PASSWORD,
      role: 'SALES_ADMIN',
    });
    const login = async (email: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().token as string;
    };
    superToken = await login('ops@platform.test');
    salesToken = await login('sales@platform.test');
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    token: string | null = superToken,
  ): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  const brand = (overrides: Record<string, unknown> = {}) => ({
    name: 'Втора марка',
    slug: 'second',
    languages: ['bg', 'en'],
    currency: 'EUR',
    ...overrides,
  });

  ctx.test(
    'create a brand; list it with venues and 30-day order counts; bad input names the field',
    async () => {
      const created = await call(
        'POST',
        '/api/platform/clients',
        brand({ domain: 'Second.localhost', primary_color: '#AA3300' }),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        name: 'Втора марка',
        slug: 'second',
        domain: 'second.localhost',
        domainVerified: true,
        domainVerification: null,
        primary_color: '#aa3300',
        languages: ['bg', 'en'],
        currency: 'EUR',
        active: true,
        venues: [],
        ordersLast30Days: 0,
      });
      expect(await findClientByHost(ctx.db, 'second.localhost:4020')).toMatchObject({ slug: 'second' });

      const list = await call('GET', '/api/platform/clients');
      expect(list.statusCode).toBe(200);
      const demo = (
        list.json() as { slug: string; venues: { slug: string }[]; ordersLast30Days: number }[]
      ).find((c) => c.slug === 'demo');
      expect(demo?.venues.map((v) => v.slug)).toEqual(expect.arrayContaining(['bistro', 'hotel']));
      const since = new Date(ctx.clock.now().getTime() - 30 * 86_400_000).toISOString();
      const counted = await ctx.db
        .selectFrom('orders')
        .innerJoin('places', 'places.id', 'orders.place_id')
        .innerJoin('clients', 'clients.id', 'places.client_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('clients.slug', '=', 'demo')
        .where('orders.created_at', '>=', since)
        .executeTakeFirstOrThrow();
      expect(demo?.ordersLast30Days).toBe(Number(counted.n));

      const clientsBefore = (await ctx.db.selectFrom('clients').select('id').execute()).length;
      const cases: [Record<string, unknown>, number, string, string][] = [
        [brand(), 409, 'slug_taken', 'slug'],
        [brand({ slug: 'Second-Brand' }), 400, 'invalid_slug', 'slug'],
        [brand({ slug: 'a_b' }), 400, 'invalid_slug', 'slug'],
        [brand({ slug: '-x' }), 400, 'invalid_slug', 'slug'],
        [brand({ slug: '12345' }), 400, 'invalid_slug', 'slug'],
        [brand({ slug: 'api' }), 400, 'reserved_slug', 'slug'],
        [brand({ slug: 'platform' }), 400, 'reserved_slug', 'slug'],
        [brand({ slug: 'uploads' }), 400, 'reserved_slug', 'slug'],
        [brand({ slug: '404' }), 400, 'invalid_slug', 'slug'],
        [brand({ slug: 'third', domain: 'http://x.example/' }), 400, 'invalid_domain', 'domain'],
        [brand({ slug: 'third', domain: '10.0.0.1' }), 400, 'invalid_domain', 'domain'],
        [brand({ slug: 'third', domain: 'SECOND.localhost' }), 409, 'domain_taken', 'domain'],
      ];
      for (const [body, status, code, field] of cases) {
        const res = await call('POST', '/api/platform/clients', body);
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
        expect(res.json()).toMatchObject({ code, details: [{ path: field }] });
        // The neutral answer names no brand.
        expect(res.body).not.toMatch(/Втора|second"/);
      }
      expect((await ctx.db.selectFrom('clients').select('id').execute()).length).toBe(clientsBefore);
      // An unverified claim blocks nobody.
      const claim = await call(
        'POST',
        '/api/platform/clients',
        brand({ slug: 'third', name: 'Трета', domain: 'menu.example.com' }),
      );
      expect(claim.statusCode, claim.body).toBe(201);
      expect(claim.json()).toMatchObject({
        domainVerified: false,
        domainVerification: {
          record: '_trapeza.menu.example.com',
          value: expect.stringMatching(/^trapeza-verify-/),
        },
      });
    },
  );

  ctx.test(
    'venues from the three templates render their (empty) menu at once; bad slugs refused',
    async () => {
      const second = (await call('GET', '/api/platform/clients'))
        .json()
        .find((c: { slug: string }) => c.slug === 'second');
      const make = (name: string, slug: string, template: string) =>
        call('POST', `/api/platform/clients/${second.id}/places`, { name, slug, template });
      const cafe = await make('Кафе Втора', 'kafe-vtora', 'restaurant');
      expect(cafe.statusCode, cafe.body).toBe(201);
      expect(cafe.json().tables).toHaveLength(10);
      const bar = await make('Бар', 'bar', 'cafe');
      expect(bar.statusCode, bar.body).toBe(201);
      const hotel = await make('Хотел', 'hotel', 'hotel'); // the demo brand's venue slug: another brand may use it
      expect(hotel.statusCode, hotel.body).toBe(201);
      expect(
        hotel.json().tables.map((t: { number: string; kind: string }) => `${t.kind}${t.number}`),
      ).toContain('room120');

      const types = async (placeId: number) =>
        (await ctx.db.selectFrom('order_types').select('type').where('place_id', '=', placeId).execute())
          .map((r) => r.type)
          .sort();
      expect(await types(cafe.json().id)).toEqual([1, 2, 3]);
      expect(await types(bar.json().id)).toEqual([1, 3]);
      expect(await types(hotel.json().id)).toEqual([4, 6]);
      // A new venue starts not live: guests see "coming soon" until its admin marks it live (issue 16 #2).
      const live = await ctx.db
        .selectFrom('places')
        .select(['id', 'live'])
        .where('client_id', '=', second.id)
        .execute();
      expect(live.map((p) => p.live)).toEqual([0, 0, 0]);
      expect(
        (
          await ctx.db
            .selectFrom('places')
            .select('live')
            .where('slug', '=', 'bistro')
            .executeTakeFirstOrThrow()
        ).live,
      ).toBe(1);

      const headers = { client: 'second', place: 'kafe-vtora' };
      const settings = await ctx.get('/api/settings', headers);
      expect(settings.statusCode, settings.body).toBe(200);
      expect(settings.json()).toMatchObject({ default_currency_suffix: { value: '€' } });
      const hours = JSON.parse(settings.json().working_hours.value);
      expect(hours).toMatchObject({ 1: '10:00-22:00', 7: '10:00-22:00' });
      const products = await ctx.get('/api/products?active=1', headers);
      expect(products.statusCode).toBe(200);
      expect(products.json()).toEqual([]);
      const languages = await ctx.get('/api/languages', headers);
      expect(languages.json().map((l: { code: string }) => l.code)).toEqual(['bg', 'en']);
      const verify = await ctx.post(
        '/api/tables/verify_token',
        { token: cafe.json().tables[0].token, placeSlug: 'kafe-vtora' },
        headers,
      );
      expect(verify.statusCode, verify.body).toBe(200);
      // The second brand's venue is not the demo brand's: same slug, other data.
      const demoHotel = await ctx.get('/api/products?active=1', { client: 'demo', place: 'hotel' });
      expect(demoHotel.json().length).toBeGreaterThan(0);
      expect((await ctx.get('/api/products?active=1', { client: 'second', place: 'hotel' })).json()).toEqual(
        [],
      );
      expect((await ctx.get('/api/settings', { client: 'second', place: 'bistro' })).statusCode).toBe(404);

      const places = (await ctx.db.selectFrom('places').select('id').execute()).length;
      for (const [slug, status, code] of [
        ['kafe-vtora', 409, 'slug_taken'],
        ['admin', 400, 'reserved_slug'],
        ['staff', 400, 'reserved_slug'],
        ['t', 400, 'reserved_slug'],
        ['Кафе', 400, 'invalid_slug'],
      ] as const) {
        const res = await make('X', slug, 'cafe');
        expect(res.statusCode, `${slug}: ${res.body}`).toBe(status);
        expect(res.json()).toMatchObject({ code, details: [{ path: 'slug' }] });
      }
      expect((await make('X', 'x-venue', 'bakery')).statusCode).toBe(400);
      expect(
        (await call('POST', '/api/platform/clients/99999/places', { name: 'X', slug: 'x', template: 'cafe' }))
          .statusCode,
      ).toBe(404);
      expect((await ctx.db.selectFrom('places').select('id').execute()).length).toBe(places);
    },
  );

  ctx.test(
    'SALES_ADMIN creates and edits but does not deactivate; a deactivated brand answers 404',
    async () => {
      const second = (await call('GET', '/api/platform/clients', undefined, salesToken))
        .json()
        .find((c: { slug: string }) => c.slug === 'second');
      const edit = await call(
        'PUT',
        `/api/platform/clients/${second.id}`,
        { name: 'Втора марка ООД', logo: '/uploads/x.png' },
        salesToken,
      );
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json()).toMatchObject({ name: 'Втора марка ООД', logo: '/uploads/x.png', active: true });
      const off = await call('PUT', `/api/platform/clients/${second.id}`, { active: false }, salesToken);
      expect(off.statusCode).toBe(403);
      expect(
        (await call('PUT', `/api/platform/clients/${second.id}`, { slug: 'third' })).json(),
      ).toMatchObject({
        code: 'slug_taken',
        details: [{ path: 'slug' }],
      });
      const created = await call(
        'POST',
        '/api/platform/clients',
        brand({ slug: 'sales-made', name: 'От продажби' }),
        salesToken,
      );
      expect(created.statusCode).toBe(201);

      const headers = { client: 'second', place: 'kafe-vtora' };
      expect((await ctx.get('/api/products?active=1', headers)).statusCode).toBe(200);
      const deactivated = await call('PUT', `/api/platform/clients/${second.id}`, { active: false });
      expect(deactivated.statusCode, deactivated.body).toBe(200);
      expect(deactivated.json().active).toBe(false);
      expect((await ctx.get('/api/products?active=1', headers)).statusCode).toBe(404);
      expect(await findClientByHost(ctx.db, 'second.localhost')).toBeUndefined();
      // Its data stays, and it comes back.
      expect((await call('GET', `/api/platform/clients/${second.id}`)).json().venues).toHaveLength(3);
      expect((await call('PUT', `/api/platform/clients/${second.id}`, { active: true })).statusCode).toBe(
        200,
      );
      expect((await ctx.get('/api/products?active=1', headers)).statusCode).toBe(200);
    },
  );

  ctx.test(
    'invitations: mailed link on the brand domain, single use, 72 hours, signs the person in',
    async () => {
      const clients = (await call('GET', '/api/platform/clients')).json();
      const second = clients.find((c: { slug: string }) => c.slug === 'second');
      const demo = clients.find((c: { slug: string }) => c.slug === 'demo');
      const invite = await call('POST', `/api/platform/clients/${second.id}/invites`, {
        email: 'Owner@Second.test',
        role: 'CLIENT_ADMIN',
      });
      expect(invite.statusCode, invite.body).toBe(201);
      expect(invite.json()).toMatchObject({
        email: 'owner@second.test',
        role: 'CLIENT_ADMIN',
        placeId: null,
      });
      expect(invite.body).not.toMatch(/invite\//);
      const [mail] = await outbox(ctx, 'owner@second.test');
      expect(mail).toBeDefined();
      const { base, token } = inviteToken(mail!);
      // The verified brand domain, with PUBLIC_URL's scheme and port: where the person's session will live.
      const publicUrl = new URL(ctx.config.publicUrl);
      expect(base).toBe(
        `${publicUrl.protocol}//second.localhost${publicUrl.port ? `:${publicUrl.port}` : ''}`,
      );
      const stored = await ctx.db.selectFrom('platform_invites').select('token_hash').execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(token);

      const info = await call('GET', `/api/platform/invites/${token}`, undefined, null);
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json()).toEqual({
        email: 'owner@second.test',
        role: 'CLIENT_ADMIN',
        clientName: 'Втора марка ООД',
        expiresAt: invite.json().expiresAt,
      });
      const short = await call(
        'POST',
        `/api/platform/invites/${token}/accept`,
        { password: 'eleven-char' },
        null,
      );
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 'invalid_password', details: [{ path: 'password' }] });
      const accepted = await call(
        'POST',
        `/api/platform/invites/${token}/accept`,
        { password: 'owner-password-1', firstName: 'Ана', lastName: 'Петрова' },
        null,
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().user).toMatchObject({
        email: 'owner@second.test',
        role: 'CLIENT_ADMIN',
        first_name: 'Ана',
      });
      const adminToken = accepted.json().token as string;
      const own = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/client',
        headers: { client: 'second', place: 'kafe-vtora', authorization: `Bearer ${adminToken}` },
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().slug).toBe('second');
      // The second brand's admin sees nothing of the demo brand.
      const foreign = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/client',
        headers: { client: 'demo', place: 'bistro', authorization: `Bearer ${adminToken}` },
      });
      expect(foreign.statusCode).toBe(401);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { client: 'second' },
        payload: { email: 'owner@second.test', password: 'owner-password-1' },
      });
      expect(login.statusCode).toBe(200);

      expect((await call('GET', `/api/platform/invites/${token}`, undefined, null)).json().code).toBe(
        'invite_used',
      );
      const again = await call(
        'POST',
        `/api/platform/invites/${token}/accept`,
        { password: 'another-password-1' },
        null,
      );
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe('invite_used');
      expect((await call('GET', `/api/platform/invites/${'x'.repeat(43)}`, undefined, null)).statusCode).toBe(
        404,
      );

      // PLACE_ADMIN: needs a venue of this brand; the link of a brand without a domain is on PUBLIC_URL; it expires.
      const placeId = second.venues.find((v: { slug: string }) => v.slug === 'kafe-vtora').id;
      const demoPlaceId = demo.venues[0].id;
      const noPlace = await call('POST', `/api/platform/clients/${second.id}/invites`, {
        email: 'p@second.test',
        role: 'PLACE_ADMIN',
      });
      expect(noPlace.json()).toMatchObject({ code: 'place_required', details: [{ path: 'placeId' }] });
      const foreignPlace = await call('POST', `/api/platform/clients/${second.id}/invites`, {
        email: 'p@second.test',
        role: 'PLACE_ADMIN',
        placeId: demoPlaceId,
      });
      expect(foreignPlace.statusCode).toBe(404);
      expect(
        (
          await call('POST', `/api/platform/clients/${second.id}/invites`, {
            email: 'x',
            role: 'CLIENT_ADMIN',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await call('POST', `/api/platform/clients/${second.id}/invites`, {
            email: 'p@second.test',
            role: 'SUPER_ADMIN',
          })
        ).statusCode,
      ).toBe(400);
      const placeInvite = await call('POST', `/api/platform/clients/${second.id}/invites`, {
        email: 'p@second.test',
        role: 'PLACE_ADMIN',
        placeId,
      });
      expect(placeInvite.statusCode, placeInvite.body).toBe(201);
      const placeToken = inviteToken((await outbox(ctx, 'p@second.test'))[0]!).token;
      expect(
        (await call('GET', `/api/platform/invites/${placeToken}`, undefined, null)).json(),
      ).toMatchObject({
        role: 'PLACE_ADMIN',
        placeName: 'Кафе Втора',
      });
      const demoInvite = await call('POST', `/api/platform/clients/${demo.id}/invites`, {
        email: 'd@demo.test',
        role: 'CLIENT_ADMIN',
      });
      expect(demoInvite.statusCode).toBe(201);
      expect(inviteToken((await outbox(ctx, 'd@demo.test'))[0]!).base).toBe(publicUrl.origin);

      ctx.clock.setOverride(new Date(ctx.clock.now().getTime() + 73 * 3_600_000));
      try {
        const expired = await call(
          'POST',
          `/api/platform/invites/${placeToken}/accept`,
          { password: 'place-password-1' },
          null,
        );
        expect(expired.statusCode).toBe(410);
        expect(expired.json().code).toBe('invite_expired');
      } finally {
        ctx.clock.setOverride(null);
      }
      const placeAccepted = await call(
        'POST',
        `/api/platform/invites/${placeToken}/accept`,
        { password: 'place-password-1' },
        null,
      );
      expect(placeAccepted.statusCode, placeAccepted.body).toBe(200);
      const assigned = await ctx.db
        .selectFrom('user_places')
        .select('place_id')
        .where('user_id', '=', placeAccepted.json().user.id)
        .execute();
      expect(assigned.map((r) => r.place_id)).toEqual([placeId]);
    },
  );

  ctx.test(
    'domain verification by DNS TXT (stub resolver); a bound domain is one brand’s, answered neutrally',
    async () => {
      const lookups: string[] = [];
      let records: Record<string, string[][]> = {};
      ctx.app.domainResolver.resolveTxt = async (name) => {
        lookups.push(name);
        const found = records[name];
        if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
        return found;
      };
      const clients = (await call('GET', '/api/platform/clients')).json();
      const third = clients.find((c: { slug: string }) => c.slug === 'third');
      const value = third.domainVerification.value as string;
      const verify = (id: number, token = superToken) =>
        call('POST', `/api/platform/clients/${id}/domain/verify`, undefined, token);

      const missing = await verify(third.id);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'domain_not_verified',
        details: [{ path: 'domain' }],
        record: '_trapeza.menu.example.com',
        value,
      });
      records = { '_trapeza.menu.example.com': [['some-other-value']] };
      expect((await verify(third.id)).statusCode).toBe(400);
      expect(await findClientByHost(ctx.db, 'menu.example.com')).toBeUndefined();
      // The value may come split in chunks (long TXT records).
      records = { '_trapeza.menu.example.com': [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]] };
      const ok = await verify(third.id, salesToken);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ domain: 'menu.example.com', domainVerified: true });
      expect(lookups.every((n) => n === '_trapeza.menu.example.com')).toBe(true);
      expect(await findClientByHost(ctx.db, 'www.menu.example.com')).toMatchObject({ slug: 'third' });

      // Another brand types the same domain: refused neutrally; nothing reveals the owner.
      const salesMade = clients.find((c: { slug: string }) => c.slug === 'sales-made');
      const clash = await call('PUT', `/api/platform/clients/${salesMade.id}`, {
        domain: 'MENU.example.com',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({ code: 'domain_taken', details: [{ path: 'domain' }] });
      expect(clash.body).not.toMatch(/third|Трета/);
      // Changing the domain starts unverified again.
      const moved = await call('PUT', `/api/platform/clients/${third.id}`, { domain: 'new.example.com' });
      expect(moved.json()).toMatchObject({ domain: 'new.example.com', domainVerified: false });
      expect(await findClientByHost(ctx.db, 'menu.example.com')).toBeUndefined();
      expect(
        (await call('PUT', `/api/platform/clients/${third.id}`, { domain: null })).json().domain,
      ).toBeNull();
      expect((await verify(third.id)).json()).toMatchObject({ code: 'no_domain' });
    },
  );

  ctx.test(
    'platform endpoints: 401 without a token, 403 for brand roles and a brand’s own SALES_ADMIN',
    async () => {
      const demoAdmin = await ctx.db
        .insertInto('users')
        .values({
          client_id: (
            await ctx.db
              .selectFrom('clients')
              .select('id')
              .where('slug', '=', 'demo')
              .executeTakeFirstOrThrow()
          ).id,
          email: 'brand-sales@demo.test',
          password_hash: 'x',
          role: 'SALES_ADMIN',
          first_name: '',
          last_name: '',
          points: 0,
          accumulated_amount: 0,
          banned: 0,
        })
        .returning(['id', 'client_id', 'password_hash'])
        .executeTakeFirstOrThrow();
      const { passwordVersion } = await import('../../lib/auth-token.ts');
      const brandSales = (
        await ctx.app.auth.tokens.sign({
          userId: demoAdmin.id,
          role: 'SALES_ADMIN',
          clientId: demoAdmin.client_id,
          pwv: passwordVersion(demoAdmin.password_hash),
        })
      ).token;
      for (const [method, url] of [
        ['GET', '/api/platform/clients'],
        ['POST', '/api/platform/clients'],
        ['PUT', '/api/platform/clients/1'],
        ['POST', '/api/platform/clients/1/places'],
        ['POST', '/api/platform/clients/1/invites'],
        ['POST', '/api/platform/clients/1/domain/verify'],
      ] as const) {
        expect((await call(method, url, method === 'GET' ? undefined : {}, null)).statusCode, url).toBe(401);
        expect((await call(method, url, method === 'GET' ? undefined : {}, brandSales)).statusCode, url).toBe(
          403,
        );
      }
    },
  );
});
