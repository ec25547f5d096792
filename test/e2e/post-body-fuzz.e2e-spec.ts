import { ApiClient } from './support/api-client';
import { approverWorkspace, connectSandbox } from './support/fixtures';
import { RunningService, startService } from './support/service-process';
import { fuzzSeed, SeededRandom, seededRandom, WEIRD_VALUES } from './support/fuzz-input';

jest.setTimeout(180_000);

const KEYS = ['versions', 'accounts', 'date', 'time', 'timezone', 'scheduled_at', 'schedule', 'schedule_now', 'queue', 'tags', 'extra'];
const VERSION_KEYS = ['account_id', 'is_original', 'content', 'options'];

function randomBody(random: SeededRandom, accountIds: number[]): unknown {
  const value = (depth: number): unknown => {
    const roll = random.next();
    if (depth > 2 || roll < 0.6) return random.pick(WEIRD_VALUES);
    if (roll < 0.8) return Array.from({ length: random.int(4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: random.int(4) }, () => [random.pick([...KEYS, ...VERSION_KEYS, 'body', 'media']), value(depth + 1)]));
  };
  const version = () =>
    Object.fromEntries(VERSION_KEYS.filter(() => random.next() < 0.7).map((key) => [key, random.next() < 0.5 ? plausible(key) : value(1)]));
  const plausible = (key: string): unknown => {
    switch (key) {
      case 'versions':
        return Array.from({ length: random.int(4) }, version);
      case 'accounts':
        return Array.from({ length: random.int(3) }, () => random.pick([...accountIds, 0, -5, 'x', 999999]));
      case 'is_original':
      case 'schedule':
      case 'schedule_now':
      case 'queue':
        return random.next() < 0.5;
      case 'content':
        return [{ body: random.pick(['hi', '', 3]), media: random.pick([[], ['a'], 'm']) }];
      case 'date':
        return random.pick(['2030-01-01', '2020-01-01', '2030-13-01', '2030-02-29']);
      case 'time':
        return random.pick(['10:00', '23:59', '24:00', '1:00']);
      case 'scheduled_at':
        return random.pick(['2030-01-01T10:00:00Z', '2030-01-01T10:00:00', '2020-01-01T00:00:00+01:00']);
      case 'timezone':
        return random.pick(['UTC', 'Europe/Paris', 'Mars/Base', '+01:00']);
      default:
        return value(1);
    }
  };
  const roll = random.next();
  if (roll < 0.05) return value(0);
  return Object.fromEntries(KEYS.filter(() => random.next() < 0.6).map((key) => [key, random.next() < 0.6 ? plausible(key) : value(1)]));
}

describe('POST posts with random and malformed bodies (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let accountIds: number[];

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Fuzz');
    accountIds = [await connectSandbox(admin, workspace, 'One'), await connectSandbox(admin, workspace, 'Two', 'failure')];
    expect((await admin.put(`/api/${workspace}/queue`, { timezone: 'Europe/Paris', slots: [{ day: 'mon', time: '09:00' }, { day: 'thu', time: '14:30' }] })).status).toBe(200);
  });
  afterAll(() => service?.dispose());

  it('never answers 5xx, and every error has a message', async () => {
    const seed = fuzzSeed();
    const random = seededRandom(seed);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const raw = random.next() < 0.1;
      const body = randomBody(random, accountIds);
      const text = raw ? JSON.stringify(body).slice(0, Math.max(1, random.int(40))) : JSON.stringify(body);
      const answer = await admin.call('POST', `/api/${workspace}/posts`, { rawBody: text, headers: { 'content-type': 'application/json' } });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const wellFormed = answer.status < 400 || typeof answer.body?.message === 'string';
      if (answer.status >= 500 || !wellFormed) failures.push(`${answer.status} for ${text.slice(0, 300)}: ${JSON.stringify(answer.body)}`);
    }
    expect({ seed, failures }).toEqual({ seed, failures: [] });
    expect([...statuses.keys()].every((status) => [201, 400, 422].includes(status))).toBe(true);
    expect((statuses.get(422) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(100);
  });
});
