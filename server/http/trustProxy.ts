/**
 * TRUST_PROXY: which proxies may tell us the client's address (X-Forwarded-For, -Host, -Proto).
 * Either a hop count (`1`: one proxy in front, the address it appended is the client) or a comma
 * list of proxy addresses / CIDRs (`10.0.0.1, 10.1.0.0/16`). Never "trust everyone": then every
 * request could name its own client address in X-Forwarded-For and dodge the per-IP limits.
 * A hop count only fits when the server is reachable through the proxy alone; the address list
 * is safer (a direct caller's forwarded headers are then ignored).
 */
import { isIP } from 'node:net';

/** false (no proxy: the socket's address is the client), a hop count, or proxy addresses/CIDRs */
export type TrustProxy = false | number | string[];

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length > 0 && entries.every(isAddressOrCidr)) return entries;
  throw new Error(
    `TRUST_PROXY must be a number of proxy hops (e.g. 1) or a comma separated list of proxy addresses/CIDRs (e.g. 10.0.0.1,10.1.0.0/16), got "${value}"; trusting every sender of X-Forwarded-For ("true", "*", "all") is refused`,
  );
}

/**
 * Fastify's `trustProxy` option. A hop count becomes a function: Fastify 5.12 fails closed on a
 * plain number, while proxy-addr's meaning of "the first N hops, counted from the socket" is the
 * one we document.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}
