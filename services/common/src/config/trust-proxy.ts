import { z } from 'zod';

/**
 * Whose X-Forwarded-For a process believes (Express's "trust proxy"): `none`, a hop count (`1`), or
 * a comma-separated list of addresses, CIDR ranges and Express's names (`loopback`, `linklocal`,
 * `uniquelocal`). Unset: none in production, loopback for local runs.
 */
export type TrustProxySetting = false | number | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f:]+(\/\d{1,3})?$/i;

const entryIsValid = (entry: string): boolean => {
  if (NAMES.has(entry)) return true;
  if (IPV4.test(entry)) {
    const [address, bits] = entry.split('/');
    const octetsOk = address!.split('.').every((octet) => Number(octet) <= 255);
    return octetsOk && (bits === undefined || Number(bits) <= 32);
  }
  if (IPV6.test(entry) && entry.includes(':')) {
    const bits = entry.split('/')[1];
    return bits === undefined || Number(bits) <= 128;
  }
  return false;
};

export const trustProxyVar = z
  .string()
  .trim()
  .optional()
  .refine(
    (value) => {
      if (value === undefined || value === 'none' || value === 'false') return true;
      if (/^\d+$/.test(value)) return Number(value) <= 10;
      return value.split(',').every((entry) => entryIsValid(entry.trim()));
    },
    { message: 'must be none, a hop count (0-10) or a comma-separated list of addresses/CIDRs' },
  );

/** The value to hand to `app.set('trust proxy', …)` for this process. */
export const trustProxyOf = (config: {
  NODE_ENV: string;
  TRUST_PROXY?: string | undefined;
}): TrustProxySetting => {
  const value = config.TRUST_PROXY;
  if (value === undefined) return config.NODE_ENV === 'production' ? false : ['loopback'];
  if (value === 'none' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((entry) => entry.trim());
};
