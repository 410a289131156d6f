/**
 * Composes the Fastify application from its plugins and modules. No listening and no database opening here:
 * server.ts (and the tests) hand in the config and an open, migrated database.
 */
import { Resolver } from 'node:dns/promises';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { AbuseLimiter } from './lib/abuse-limits.ts';
import { createServerClock, type ServerClock } from './lib/clock.ts';
import { createJsonCache, createTtlCache, type TtlCache } from './lib/json-cache.ts';
import { SharedLimits } from './lib/shared-limits.ts';
import { registerUploads } from './modules/admin/admin-images.routes.ts';
import { createTableParty, tablePartyRoutes } from './modules/tables/table-party.routes.ts';
import { adminRoutes, uploadsDirOf } from './modules/admin/admin.routes.ts';
import { openImageStore, presentOnDisk, registerStoredUploads } from './modules/admin/image-store.ts';
import { createBookingsRepository } from './modules/bookings/bookings.repository.ts';
import { BookingLimiter } from './modules/bookings/booking-limits.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { createBookingsService } from './modules/bookings/bookings.service.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { createLogsRepository } from './modules/logs/logs.repository.ts';
import { logsRoutes } from './modules/logs/logs.routes.ts';
import { createLogsService } from './modules/logs/logs.service.ts';
import { createMenuRepository } from './modules/menu/menu.repository.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { createMenuService } from './modules/menu/menu.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createGuestOrigin } from './lib/guest-origin.ts';
import { findClientByHost } from './plugins/tenancy.repository.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createPaymentAccountsRepository } from './modules/payments/payment-accounts.repository.ts';
import { paymentAccountsRoutes } from './modules/payments/payment-accounts.routes.ts';
import {
  checkSecretsKey,
  createPaymentAccountsService,
} from './modules/payments/payment-accounts.service.ts';
import { createAuditRepository } from './modules/admin/admin-audit.repository.ts';
import { SecretBox } from './lib/secret-box.ts';
import { createPlacesRepository } from './modules/places/places.repository.ts';
import { placesRoutes } from './modules/places/places.routes.ts';
import { createReverseGeocoder } from './modules/geocode/geocoder.ts';
import { geocodeRoutes } from './modules/geocode/geocode.routes.ts';
import { createPlacesService } from './modules/places/places.service.ts';
import { registerPrinting } from './modules/printing/printing.plugin.ts';
import { createStaffNotifier } from './modules/staff/staff.events.ts';
import { createStaffRepository } from './modules/staff/staff.repository.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { AccountCounters } from './modules/users/account-counters.ts';
import { TrustedDevices } from './modules/users/trusted-devices.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerEvents } from './plugins/events.ts';
import { registerClock } from './plugins/clock.ts';
import { registerTestReset } from './plugins/test-reset.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSms } from './plugins/sms.ts';
import { registerMail } from './plugins/mail.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerOperations, requestIdFrom } from './plugins/operations.ts';
import { registerSecurity } from './plugins/security.ts';
import { bootScriptSources } from './plugins/web-boot-script.ts';
import { createTenancyRepository } from './plugins/tenancy.repository.ts';
import { registerTenancy } from './plugins/tenancy.ts';
import { createPlatformRepository } from './modules/platform/platform.repository.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { createPlatformService, type ResolveTxt } from './modules/platform/platform.service.ts';
import { registerWeb } from './plugins/web.ts';

/** One DNS resolver for domain verification: a few seconds at most, so a dead DNS server fails the call quickly. */
const dnsResolver = new Resolver({ timeout: 3000, tries: 2 });

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to a fresh server clock (real time, overridable in tests). */
  clock?: ServerClock;
  /** DNS TXT lookups of domain verification (default: node:dns, 3 s time-out); tests pass a stub. */
  resolveTxt?: ResolveTxt;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** DNS TXT lookups of domain verification; tests may replace `resolveTxt`. */
    domainResolver: { resolveTxt: ResolveTxt };
    /** Publish menu edits at once: drops the cached menu answers of one place (or all). */
    invalidateMenuCache(placeId?: number): void;
    /** NODE_ENV=test: run `hook` on every `POST /api/__test/reset` too (plugins/test-reset.ts); a no-op otherwise. */
    onTestReset(hook: () => void): void;
    /**
     * The venue configuration the order path reads on every order (settings, order types, regions, the place), per
     * place, for MENU_CACHE_TTL_MS; dropped with the menu cache by every admin write.
     */
    venueCache: TtlCache<unknown>;
    /** Where rate and abuse limits count: Redis with REDIS_URL (once for all processes), else this process. */
    sharedLimits: SharedLimits;
    /** The address the guest's browser used when this installation serves it, else PUBLIC_URL (lib/guest-origin.ts). */
    guestOrigin(request: FastifyRequest): Promise<string>;
  }
}

/** Builds the Fastify application (no listening); tests use it with `inject` or a real port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? createServerClock();
  // A SECRETS_KEY that cannot open the stored payment account secrets stops the start here, before anything is
  // opened, with one line naming it (server.ts prints it), not at the first payment.
  const paymentAccountsRepo = createPaymentAccountsRepository(database.db, new SecretBox(config.secretsKey));
  await checkSecretsKey(paymentAccountsRepo);
  // S3_URL unreachable at start: StartupError naming it (server.ts prints the line and exits 1).
  const imageStore = await openImageStore(config.s3, database, uploadsDirOf(config.dataDir));
  const app = Fastify({
    logger: { level: config.logLevel },
    // The client IP (rate limits, logs) comes from X-Forwarded-For only when the peer is a trusted proxy
    // (TRUST_PROXY, default loopback), so a client on the open network cannot choose its own address.
    trustProxy: config.trustProxy,
    // x-request-id from a proxy (when sane) or generated; on every log line of the request and in the answer.
    requestIdHeader: false,
    genReqId: requestIdFrom,
    bodyLimit: 1_048_576,
    // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS, headers within 15 s: a slow-body client
    // cannot hold a connection open for minutes (408 and closed). Answers are not affected, so SSE streams live on.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(15_000, config.requestTimeoutMs),
      // Node checks these time-outs on this interval (default 30 s, longer than a short REQUEST_TIMEOUT_MS).
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
    },
    // One line per request costs more than a menu answer itself under load; errors are still logged.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);

  registerErrorHandler(app);
  app.addHook('onClose', async () => imageStore.close());
  // CORS for front ends on another origin (CORS_ORIGINS; none by default, so the browser's same-origin rule holds).
  // Before tenancy and the limits, so a preflight (which carries no `client` header) answers 204 or nothing.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'client',
        'place',
        'authorization',
        'content-type',
        'accept',
        'accept-language',
        'x-order-token',
        'x-request-id',
        'last-event-id',
      ],
      exposedHeaders: ['x-request-id', 'retry-after'],
      maxAge: 600,
      strictPreflight: true,
    });
  }
  // REDIS_URL unreachable at start: StartupError naming it (server.ts prints the line and exits 1).
  const limits = await SharedLimits.connect(config.redisUrl, config.redisKeyPrefix, app.log);
  app.decorate('sharedLimits', limits);
  app.addHook('onClose', async () => limits.close());
  await app.register(cookie);
  await registerSecurity(app, {
    rateLimitPerMinute: config.rateLimitPerMinute,
    limits,
    paymentFormOrigins: config.payments.simulatorUrl ? [new URL(config.payments.simulatorUrl).origin] : [],
    // The boot script the server-rendered pages carry inline (read once per process: web-boot-script.ts).
    inlineScripts: bootScriptSources(config.webDistDir),
  });
  registerClock(app, clock, config.nodeEnv === 'test');
  registerTestReset(app, database, config.nodeEnv === 'test');
  await registerOpenApi(app);
  // Readiness, request ids, abuse limits of orders / waiter calls / bill requests (before the routes they guard).
  registerOperations(app, {
    database,
    abuseLimits: config.rateLimitPerMinute > 0,
    limiter: new AbuseLimiter({ shared: limits }),
    limits,
    imageStore,
    enableTestRoutes: config.nodeEnv === 'test',
  });
  registerTenancy(app, createTenancyRepository(database.db));
  // After tenancy: the auth hook checks a token's client against the request's.
  registerAuth(app, { db: database.db, jwtSecret: config.jwtSecret, now: () => clock.now() });
  registerMail(app, {
    dataDir: config.dataDir,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    enableTestRoutes: config.nodeEnv === 'test',
    now: () => clock.now(),
  });
  registerSms(app, {
    dataDir: config.dataDir,
    ...config.sms,
    enableTestRoutes: config.nodeEnv === 'test',
    now: () => clock.now(),
  });
  // Live staff boards and guest order streams (SSE); on PostgreSQL, LISTEN/NOTIFY carries events across processes.
  await registerEvents(app, database);
  app.decorate(
    'staffNotifier',
    createStaffNotifier(createStaffRepository(database.db), app.events, app.log, {
      mailer: app.mailer,
      sms: app.sms,
      publicUrl: config.publicUrl,
    }),
  );
  // Kitchen and bar printing; wraps app.staffNotifier (before the modules that hold it) so that new and newly paid
  // orders queue their tickets.
  await registerPrinting(app, { direct: config.printDirect });

  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: z.object({ ok: z.boolean() }) } } },
    async () => ({ ok: true }),
  );

  const now = () => clock.now();
  const menu = createMenuService({ repo: createMenuRepository(database.db), now });
  const places = createPlacesService({ repo: createPlacesRepository(database.db), now });
  const logs = createLogsService({ repo: createLogsRepository(database.db), now });
  const menuCache = createJsonCache(config.menuCacheTtlMs);
  const venueCache = createTtlCache<unknown>(config.menuCacheTtlMs);
  app.decorate('venueCache', venueCache);
  // Dropped on this process at once and, on PostgreSQL, on every other process through NOTIFY (plugins/events.ts)
  // within milliseconds: a guest on another process is never priced or shown what an admin changed a second ago.
  const dropCaches = (placeId?: number) => {
    const prefix = placeId === undefined ? undefined : `${placeId}|`;
    menuCache.clear(prefix);
    venueCache.clear(prefix);
    // Place and client lookups (a renamed or deactivated place): few entries, cheap to reload.
    app.clearTenancyCache();
  };
  app.events.onInvalidate(dropCaches);
  app.decorate('invalidateMenuCache', (placeId?: number) => {
    dropCaches(placeId);
    app.events.broadcastInvalidation(placeId).catch((err: unknown) => {
      // The other processes' caches then expire with their TTL (MENU_CACHE_TTL_MS).
      app.log.warn({ err, placeId }, 'cache invalidation not sent to the other processes');
    });
  });
  await app.register(menuRoutes(menu, menuCache), { prefix: '/api' });
  await app.register(placesRoutes(places), { prefix: '/api' });
  await app.register(
    geocodeRoutes(
      createReverseGeocoder({ url: config.geocoderUrl, userAgent: `Trapeza (${config.publicUrl})` }),
    ),
    { prefix: '/api' },
  );
  await app.register(logsRoutes(logs), { prefix: '/api' });
  await app.register(tablesRoutes, { prefix: '/api' });
  // The table party (issue 19): app.tableParty is the hook the payments module calls when a share is paid.
  app.decorate(
    'guestOrigin',
    createGuestOrigin({
      publicUrl: config.publicUrl,
      brandIdOfHost: async (host) => (await findClientByHost(database.db, host))?.id,
    }),
  );
  const tableParty = createTableParty(app);
  app.decorate('tableParty', tableParty.service);
  await app.register(tablePartyRoutes(tableParty), { prefix: '/api' });
  // The venues' own provider accounts (issue 16 #3; the key is checked at the top of buildApp).
  const paymentAccounts = createPaymentAccountsService({
    repo: paymentAccountsRepo,
    audit: createAuditRepository(database.db),
    config: config.payments,
    publicUrl: config.publicUrl,
    placeRef: async (placeId) => {
      const row = await database.db
        .selectFrom('places')
        .innerJoin('clients', 'clients.id', 'places.client_id')
        .select(['clients.slug as client', 'places.slug as place'])
        .where('places.id', '=', placeId)
        .executeTakeFirst();
      return row ? `${row.client}/${row.place}` : null;
    },
    log: (data, message) => app.log.error(data, message),
    now,
  });
  await app.register(paymentAccountsRoutes(paymentAccounts), { prefix: '/api' });
  // Before the orders routes: order creation answers ppResp through app.payments.
  const payments = createPaymentsService({
    storedConfig: (placeId) => paymentAccounts.placeConfig(placeId),
    repo: createPaymentsRepository(database.db),
    config: config.payments,
    publicUrl: config.publicUrl,
    now,
    tokens: app.auth.tokens,
    log: (err, message) => app.log.error({ err }, message),
    warn: (data, message) => app.log.warn(data, message),
    staffNotifier: () => app.staffNotifier,
    bookings: () => (app.hasDecorator('bookings') ? app.bookings : null),
    billShares: () => app.tableParty,
  });
  app.decorate('payments', payments);
  await app.register(paymentsRoutes(payments), { prefix: '/api' });
  await app.register(ordersRoutes, { prefix: '/api' });
  await app.register(feedbackRoutes, { prefix: '/api' });
  await app.register(staffRoutes({ config }), { prefix: '/api' });
  const users = createUsersService({
    repo: createUsersRepository(database.db),
    tokens: app.auth.tokens,
    mailer: app.mailer,
    now,
    publicUrl: config.publicUrl,
    logError: (err, message) => app.log.error({ err }, message),
    counters: new AccountCounters(database.db, limits),
    devices: new TrustedDevices(config.jwtSecret),
    linkSecret: config.jwtSecret,
  });
  await app.register(usersRoutes(users), { prefix: '/api' });

  // Bookings; app.bookings.confirmBookingPaid is the hook the payments module calls when a deposit is paid.
  const bookings = createBookingsService({
    repo: createBookingsRepository(database.db, database.dialect),
    mailer: app.mailer,
    now,
    publicUrl: config.publicUrl,
    linkSecret: config.jwtSecret,
    logError: (err, message) => app.log.error({ err }, message),
    publish: (event) => app.events.publish(event),
  });
  app.decorate('bookings', bookings);
  // The booking limits count where the per-account login counts do: Redis, else the database (never per process).
  const bookingLimiter = new BookingLimiter(new AccountCounters(database.db, limits), () =>
    clock.now().getTime(),
  );
  await app.register(bookingsRoutes(bookings, bookingLimiter), { prefix: '/api' });

  await app.register(adminRoutes({ dataDir: config.dataDir, users, imageStore }), { prefix: '/api' });
  // Uploads: from S3 with S3_URL, else from the database on PostgreSQL (every process serves them either way), from
  // DATA_DIR/uploads on disk otherwise (and for paths stored before images moved into PostgreSQL).
  if (imageStore.kind !== 'disk') registerStoredUploads(app, imageStore);

  // Platform console API (brands, venues, invitations, domain verification); the TXT resolver is replaceable.
  app.decorate('domainResolver', {
    resolveTxt: options.resolveTxt ?? ((name: string) => dnsResolver.resolveTxt(name)),
  });
  const platform = createPlatformService({
    repo: createPlatformRepository(database.db),
    tokens: app.auth.tokens,
    mailer: app.mailer,
    now,
    publicUrl: config.publicUrl,
    resolveTxt: () => app.domainResolver.resolveTxt,
    changed: () => {
      app.clearTenancyCache();
      app.invalidateMenuCache();
    },
    logError: (err, message) => app.log.error({ err }, message),
  });
  await app.register(platformRoutes(platform), { prefix: '/api' });
  await registerUploads(app, uploadsDirOf(config.dataDir));

  const uploadsDir = uploadsDirOf(config.dataDir);
  await registerWeb(
    app,
    config.webDistDir,
    {
      demo: config.demo,
      defaultClient: config.defaultClient,
      cacheTtlMs: config.nodeEnv === 'test' ? 0 : 5_000,
    },
    {
      // The uploads a page names that are really there: in the store, else on disk (the paths stored before it).
      async uploadsPresent(paths) {
        const found = imageStore.kind === 'disk' ? new Set<string>() : await imageStore.present(paths);
        const rest = paths.filter((path) => !found.has(path));
        for (const path of await presentOnDisk(uploadsDir, rest)) found.add(path);
        return found;
      },
    },
  );
  return app;
}
