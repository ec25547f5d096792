import { ApiClient } from './support/api-client';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(90_000);

describe('rate limit (the built service, RATE_LIMIT_PER_MINUTE=5)', () => {
  let service: RunningService;
  beforeAll(async () => (service = await startService({ env: { RATE_LIMIT_PER_MINUTE: '5' } })));
  afterAll(() => service?.dispose());

  it('429 {"message":"Too Many Attempts."} with Retry-After in whole seconds once a token used its requests of the minute', async () => {
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    for (let i = 0; i < 5; i++) expect((await admin.get('/api/panel/workspaces')).status).toBe(200);
    const limited = await admin.get('/api/panel/workspaces');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const seconds = Number(limited.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it('counts each token on its own', async () => {
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    expect((await admin.get('/api/panel/workspaces')).status).toBe(429);
    expect((await admin.get('/api/panel/workspaces', { token: 'another-token' })).status).toBe(401);
  });
});

describe('rate limit without a valid token (the built service, RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE=10)', () => {
  let service: RunningService;
  beforeAll(async () => (service = await startService({ env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '10' } })));
  afterAll(() => service?.dispose());

  it('answers 60 made-up tokens from one address with 10 times 401, then 429 with Retry-After; the admin token still works', async () => {
    const admin = new ApiClient(service.baseUrl, service.adminToken);
    expect((await admin.get('/api/panel/workspaces')).status).toBe(200);
    const statuses: number[] = [];
    for (let index = 0; index < 60; index++) statuses.push((await admin.get('/api/panel/workspaces', { token: `made-up-${index}` })).status);
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(50).fill(429)]);
    const limited = await admin.get('/api/panel/workspaces', { token: null });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await admin.get('/api/panel/workspaces')).status).toBe(200);
  });
});
