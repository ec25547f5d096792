import type { LookupAddress } from 'node:dns';

const answers = new Map<string, LookupAddress[]>();

jest.mock('node:dns', () => ({
  lookup: (hostname: string, _options: unknown, callback: (error: Error | null, addresses?: LookupAddress[]) => void) => {
    const found = answers.get(hostname);
    if (found) callback(null, found);
    else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  },
}));

import { LookupTimeoutError, NonPublicAddressError, publicOnlyLookup, withinLookupTimeout } from './public-address-guard';

function lookup(hostname: string, all: boolean): Promise<{ error: Error | null; address: unknown; family?: number }> {
  return new Promise((resolve) => publicOnlyLookup(hostname, { all }, (error, address, family) => resolve({ error, address, family })));
}

describe('publicOnlyLookup', () => {
  beforeAll(() => {
    answers.set('public.example', [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }]);
    answers.set('rebound.example', [{ address: '93.184.216.34', family: 4 }, { address: '::ffff:10.0.0.1', family: 6 }]);
    answers.set('metadata.example', [{ address: '169.254.169.254', family: 4 }]);
  });

  it('answers in the form asked for when every address is public', async () => {
    expect(await lookup('public.example', false)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(await lookup('public.example', true)).toEqual({ error: null, address: answers.get('public.example'), family: undefined });
  });

  it('refuses a host with any address that is not public', async () => {
    const rebound = await lookup('rebound.example', true);
    expect(rebound.error).toBeInstanceOf(NonPublicAddressError);
    expect(rebound.error?.message).toBe('rebound.example resolves to ::ffff:10.0.0.1, a private address');
    expect((await lookup('metadata.example', false)).error?.message).toBe('metadata.example resolves to 169.254.169.254, a link-local address');
  });

  it('passes DNS failures on', async () => {
    expect((await lookup('missing.example', false)).error?.message).toBe('getaddrinfo ENOTFOUND missing.example');
  });
});

describe('withinLookupTimeout', () => {
  it('gives up a lookup that does not answer in time, with the host in the error', async () => {
    const never = new Promise<string[]>(() => undefined);
    await expect(withinLookupTimeout('slow.example.com', never, 20)).rejects.toThrow(new LookupTimeoutError('slow.example.com'));
  });

  it('answers what a lookup in time answers, and passes its failure on', async () => {
    await expect(withinLookupTimeout('fast.example.com', Promise.resolve(['203.0.113.7']), 1_000)).resolves.toEqual(['203.0.113.7']);
    await expect(withinLookupTimeout('gone.example.com', Promise.reject(new Error('ENOTFOUND')), 1_000)).rejects.toThrow('ENOTFOUND');
  });
});
