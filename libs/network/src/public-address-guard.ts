import { lookup as dnsLookup, LookupAddress, LookupAllOptions } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import { isIP, LookupFunction } from 'node:net';
import { AddressKind, classifyAddress } from './address-classification';

export class NonPublicAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: AddressKind,
  ) {
    super(`${host} resolves to ${address}, a ${kind} address`);
    this.name = 'NonPublicAddressError';
  }
}

/** The host of a URL as DNS and `net` expect it: IPv6 literals without their brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** First address of `addresses` that is not public, if any. */
function firstNonPublic(host: string, addresses: readonly string[]): NonPublicAddressError | null {
  for (const address of addresses) {
    const kind = classifyAddress(address);
    if (kind !== 'public') return new NonPublicAddressError(host, address, kind);
  }
  return null;
}

/** How long a lookup of settings validation may take before it is given up. */
export const LOOKUP_TIMEOUT_MS = 5_000;

export class LookupTimeoutError extends Error {
  constructor(readonly host: string) {
    super(`The lookup of ${host} did not answer in time`);
    this.name = 'LookupTimeoutError';
  }
}

/** `lookup`, given up after `timeoutMs` (a resolver that never answers must not hold a request). */
export function withinLookupTimeout<T>(host: string, lookup: Promise<T>, timeoutMs = LOOKUP_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LookupTimeoutError(host)), timeoutMs);
  });
  return Promise.race([lookup, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Resolves `host` now and reports a non-public address among its answers (settings validation).
 * DNS failures reject, and so does a lookup that takes longer than LOOKUP_TIMEOUT_MS.
 */
export async function findNonPublicAddress(host: string): Promise<NonPublicAddressError | null> {
  if (isIP(host)) return firstNonPublic(host, [host]);
  const answers = await withinLookupTimeout(host, dnsLookupAsync(host, { all: true, verbatim: true }));
  return firstNonPublic(host, answers.map((answer) => answer.address));
}

/**
 * A `lookup` for http(s).request that refuses hosts resolving to a non-public address. The address
 * checked is the address connected to, so a DNS answer that changes between check and connect
 * (rebinding) cannot slip through. IP literals never reach a lookup: check them with
 * `findNonPublicAddress` first.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  const all: LookupAllOptions = { ...options, all: true };
  dnsLookup(hostname, all, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = firstNonPublic(hostname, addresses.map((answer) => answer.address));
    if (refused) return callback(refused, '', 0);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    callback(null, first.address, first.family);
  });
};
