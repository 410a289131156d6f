/**
 * The address a guest's browser used, for the links the server hands back to that same browser (the payment
 * provider's return address: issue 24 #2). A guest who browses at another address than PUBLIC_URL (a LAN address,
 * 127.0.0.1, a brand's own domain) must come back to that address, where their sign-in cookie lives; PUBLIC_URL
 * alone sent them back signed out.
 *
 * Only hosts this installation serves are taken from the request (else PUBLIC_URL): PUBLIC_URL's own host, loopback
 * names (`localhost`, `*.localhost`, 127.x, ::1), private-network addresses (10/8, 172.16/12, 192.168/16: a phone
 * on the venue's Wi-Fi trying the demo), and the verified domain of the request's own brand. So a forged Host header
 * can never make the server sign a return address to somebody else's site. Behind a proxy, `TRUST_PROXY` decides
 * whether X-Forwarded-Proto / X-Forwarded-Host count (Fastify's request.protocol / request.host).
 */
import type { FastifyRequest } from 'fastify';
import { hostnameOf } from '../plugins/tenancy.repository.ts';

/** Whether `hostname` (lower case, without port) is a loopback or private-network name. */
export function isLocalNetworkHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1') return true;
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

export interface GuestOriginDeps {
  publicUrl: string;
  /** The id of the active brand whose verified domain is this host name (tenancy repository), if any. */
  brandIdOfHost: (host: string) => Promise<number | undefined>;
}

/** `(request) => origin` (scheme://host[:port], no trailing slash): the request's own origin when allowed, else PUBLIC_URL. */
export function createGuestOrigin(deps: GuestOriginDeps) {
  const fallback = new URL(deps.publicUrl).origin;
  const publicHost = new URL(deps.publicUrl).hostname.toLowerCase();
  return async (request: FastifyRequest): Promise<string> => {
    const protocol = request.protocol;
    const name = hostnameOf(request.host);
    if (!name || (protocol !== 'http' && protocol !== 'https')) return fallback;
    const origin = `${protocol}://${request.host.toLowerCase()}`;
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) return fallback;
    if (name === publicHost || isLocalNetworkHost(name)) return origin;
    const clientId = request.clientTenant?.clientId ?? request.tenant?.clientId;
    if (clientId === undefined) return fallback;
    return (await deps.brandIdOfHost(name)) === clientId ? origin : fallback;
  };
}
