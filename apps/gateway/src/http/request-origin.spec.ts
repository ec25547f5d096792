import { ArrivedRequest, requestOriginOf } from './request-origin';

const arrived = (headers: ArrivedRequest['headers'], socket: ArrivedRequest['socket'] = { remoteAddress: '10.0.0.9' }): ArrivedRequest => ({ headers, socket });

describe('requestOriginOf', () => {
  it('without a proxy (TRUST_PROXY 0), takes the socket: no X-Forwarded-* header is read', () => {
    const request = arrived({ host: 'api.example', 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(requestOriginOf(request, 0)).toEqual({ clientAddress: '10.0.0.9', host: 'api.example', https: false });
  });

  it('behind one proxy, takes the rightmost X-Forwarded-For entry, the one the proxy wrote, whatever the client put before it', () => {
    expect(requestOriginOf(arrived({ 'x-forwarded-for': 'forged-1, 198.51.100.1, 203.0.113.7' }), 1).clientAddress).toBe('203.0.113.7');
    expect(requestOriginOf(arrived({ 'x-forwarded-for': '203.0.113.7' }), 1).clientAddress).toBe('203.0.113.7');
  });

  it('behind two proxies, takes the second entry from the right', () => {
    expect(requestOriginOf(arrived({ 'x-forwarded-for': 'forged, 203.0.113.7, 10.1.0.2' }), 2).clientAddress).toBe('203.0.113.7');
  });

  it('with fewer entries than proxies, takes the leftmost; with none, the socket (as proxy-addr counts hops)', () => {
    expect(requestOriginOf(arrived({ 'x-forwarded-for': '203.0.113.7' }), 2).clientAddress).toBe('203.0.113.7');
    expect(requestOriginOf(arrived({}), 1).clientAddress).toBe('10.0.0.9');
    expect(requestOriginOf(arrived({ 'x-forwarded-for': ' , ' }), 1).clientAddress).toBe('10.0.0.9');
  });

  it('reads a header sent more than once as one list, in order', () => {
    expect(requestOriginOf(arrived({ 'x-forwarded-for': ['forged', '203.0.113.7, 10.1.0.2'] as unknown as string }), 2).clientAddress).toBe('203.0.113.7');
  });

  it('behind a proxy, takes the host and the scheme from the last X-Forwarded-Host and X-Forwarded-Proto entries', () => {
    const request = arrived({ host: 'internal:3000', 'x-forwarded-host': 'evil.example, api.example', 'x-forwarded-proto': 'http, HTTPS' });
    expect(requestOriginOf(request, 1)).toMatchObject({ host: 'api.example', https: true });
    expect(requestOriginOf(arrived({ host: 'internal:3000' }), 1)).toMatchObject({ host: 'internal:3000', https: false });
  });

  it('counts a TLS socket as HTTPS, proxy or not', () => {
    expect(requestOriginOf(arrived({}, { remoteAddress: '10.0.0.9', encrypted: true }), 0).https).toBe(true);
  });
});
