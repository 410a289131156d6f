/**
 * Transport hardening: security headers with a CSP (same-origin scripts and the web build's inline boot script by
 * its hash, plus the tracking hosts on the pages of a venue that set a purchase-tracking tag; images also from data:/blob: and https map tile servers for Leaflet), response compression, and a per-IP rate limit on /api that a busy venue behind one
 * NAT never reaches but a scraper does.
 */
import compress from '@fastify/compress';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analyticsTagHosts } from '@trapeza/domain/analytics';
import { DomainError } from '../lib/domain-error.ts';
import type { SharedLimits } from '../lib/shared-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content-security-policy of a venue page whose venue set this purchase-tracking tag. */
    trackingCsp(tag: string): string;
  }
}

/** Brotli quality of compressed answers (see the compress plugin below). */
const BROTLI_QUALITY = 5;

const rateLimited = (_request: unknown, context: { after: string }) =>
  new DomainError(429, 'rate_limited', `Too many requests, try again in ${context.after}`);

/**
 * Whether a request is outside the API-wide limit: decided on the route it matched (`request.routeOptions.url`),
 * never on the raw URL, so `/%61pi/login`, `/api/%6cogin` and other spellings Fastify's router decodes to an API
 * route are counted like `/api/login` (issue "Security hardening" #4).
 */
function outsideApiLimit(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route === undefined || !route.startsWith('/api/') || route.startsWith('/api/docs');
}

/**
 * Options for an extra @fastify/rate-limit registration (the route limits of login, registration, reset and
 * promo codes register it themselves when the API-wide limit is off): counted in the same store.
 */
export function routeLimitOptions(limits: SharedLimits) {
  return { global: false, store: limits.rateLimitStore(), errorResponseBuilder: rateLimited };
}

export async function registerSecurity(
  app: FastifyInstance,
  opts: {
    rateLimitPerMinute: number;
    /** Where the counts live (Redis with REDIS_URL, else this process). */
    limits: SharedLimits;
    /** Non-https origins the payment page may POST to: the local provider simulator (demo and tests). */
    paymentFormOrigins?: string[];
    /**
     * The inline scripts the pages may run, as CSP hash sources (`'sha256-…'`): the web build's boot script, which
     * the server-rendered pages carry inline (web-boot-script.ts). Each allows exactly that text, nothing else.
     */
    inlineScripts?: string[];
  },
): Promise<void> {
  const headersWith = (tracking: { script: string[]; connect: string[] } | null) =>
    staticHelmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(opts.inlineScripts ?? []), ...(tracking?.script ?? [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'", ...(tracking?.connect ?? [])],
          fontSrc: ["'self'", 'data:'],
          frameSrc: ["'self'", 'https:'],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          // Payment providers take a form POST from the payment page (the simulator runs on plain http locally).
          formAction: ["'self'", 'https:', ...(opts.paymentFormOrigins ?? [])],
          upgradeInsecureRequests: null,
        },
      },
      // Images and PDFs of the menu may be embedded by the venue's own site.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
  const securityHeaders = headersWith(null);
  // A venue's pages with a purchase-tracking tag let exactly that tag's hosts through (issue 25 #7); built once per
  // kind of tag, in this process (the same for every process: a pure function of the tag's kind).
  const trackingPolicies = new Map<string, string>();
  app.decorate('trackingCsp', (tag: string) => {
    const hosts = analyticsTagHosts(tag);
    const key = JSON.stringify(hosts);
    let policy = trackingPolicies.get(key);
    if (policy === undefined) {
      policy = headersWith(hosts)['content-security-policy']!;
      trackingPolicies.set(key, policy);
    }
    return policy;
  });
  // The headers are the same for every answer (no per-request nonces), so helmet runs once at start and each
  // request only copies them (@fastify/helmet rebuilt helmet's middleware on every request).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // Brotli first, at quality 5, not the plugin's zstd (level 3) for browsers that take both (Chrome asks for
  // "gzip, deflate, br, zstd") nor its brotli quality 4: a server-rendered page (/bistro/about, about 42 KB of HTML
  // with its inlined styles and data) is 12.0 KB instead of zstd's 13.7 KB and brotli 4's 12.8 KB, in 2–4 ms, so the
  // page and its headers fit the first round trip of a slow connection (issue 17). Quality 9+ costs 4–15× the time
  // for 2 % more.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'zstd', 'gzip', 'deflate', 'identity'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
  });
  if (opts.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      global: true,
      max: opts.rateLimitPerMinute,
      timeWindow: 60_000,
      store: opts.limits.rateLimitStore(),
      // Only the API is limited (by the matched route); the web app's static files are cheap and cached. A route
      // with its own limit (login…) never inherits this allow-list: its route is under /api by construction.
      allowList: outsideApiLimit,
      errorResponseBuilder: rateLimited,
    });
  }
}

/** Runs helmet's middleware once against a recording response and returns the headers it sets. */
function staticHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}
