import { Controller, Get, Module, Req } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp } from '@app/runtime';
import { originOf, RequestOrigin } from './request-origin';

@Controller()
class OriginController {
  @Get('origin')
  origin(@Req() request: object): RequestOrigin {
    return originOf(request);
  }
}

@Module({ controllers: [OriginController] })
class OriginApp {}

/** The origin an app behind `trustedProxyCount` proxies reads of a request from 10.0.0.9 with these headers. */
async function originSeen(app: NestFastifyApplication, headers: Record<string, string | string[]>): Promise<RequestOrigin> {
  const answer = await app.inject({ method: 'GET', url: '/origin', headers, remoteAddress: '10.0.0.9' });
  return answer.json<RequestOrigin>();
}

describe('originOf, through the HTTP app under TRUST_PROXY', () => {
  const apps = new Map<number, NestFastifyApplication>();
  const behind = async (trustedProxyCount: number) => {
    let app = apps.get(trustedProxyCount);
    if (!app) {
      app = await createHttpApp(OriginApp, false, { trustedProxyCount });
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      apps.set(trustedProxyCount, app);
    }
    return app;
  };
  afterAll(async () => {
    for (const app of apps.values()) await app.close();
  });

  it('without a proxy (TRUST_PROXY 0), takes the socket: no X-Forwarded-* header is read', async () => {
    const headers = { host: 'api.example', 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    await expect(originSeen(await behind(0), headers)).resolves.toEqual({ clientAddress: '10.0.0.9', host: 'api.example', https: false });
  });

  it('behind one proxy, takes the rightmost X-Forwarded-For entry, the one the proxy wrote, whatever the client put before it', async () => {
    const app = await behind(1);
    await expect(originSeen(app, { 'x-forwarded-for': 'forged-1, 198.51.100.1, 203.0.113.7' })).resolves.toMatchObject({ clientAddress: '203.0.113.7' });
    await expect(originSeen(app, { 'x-forwarded-for': '203.0.113.7' })).resolves.toMatchObject({ clientAddress: '203.0.113.7' });
  });

  it('behind two proxies, takes the second entry from the right', async () => {
    await expect(originSeen(await behind(2), { 'x-forwarded-for': 'forged, 203.0.113.7, 10.1.0.2' })).resolves.toMatchObject({ clientAddress: '203.0.113.7' });
  });

  it('with fewer entries than proxies, takes the leftmost; with none, the socket', async () => {
    await expect(originSeen(await behind(2), { 'x-forwarded-for': '203.0.113.7' })).resolves.toMatchObject({ clientAddress: '203.0.113.7' });
    await expect(originSeen(await behind(1), {})).resolves.toMatchObject({ clientAddress: '10.0.0.9' });
    await expect(originSeen(await behind(1), { 'x-forwarded-for': ' , ' })).resolves.toMatchObject({ clientAddress: '10.0.0.9' });
  });

  it('behind a proxy, takes the host and the scheme from the last X-Forwarded-Host and X-Forwarded-Proto entries', async () => {
    const app = await behind(1);
    const forwarded = { host: 'internal:3000', 'x-forwarded-host': 'evil.example, api.example', 'x-forwarded-proto': 'http, HTTPS' };
    await expect(originSeen(app, forwarded)).resolves.toMatchObject({ host: 'api.example', https: true });
    await expect(originSeen(app, { host: 'internal:3000' })).resolves.toMatchObject({ host: 'internal:3000', https: false });
  });
});
