import { ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { createThrowawayDatabase, ThrowawayDatabase } from '@app/persistence/testing';
import { eventually } from '@app/testing/eventually';
import { ShiftedClock } from './shifted-clock';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What a process on the clock says: its clock when it starts, and when each timer runs. Its
 * timers: \`day\` due in a day, \`twoDays\` in two, \`cleared\` in an hour but cleared at once, and
 * \`refreshed\` in a day and an hour, refreshed (due a day and an hour from then) when told to.
 */
const PROCESS_ON_THE_CLOCK = `
  const say = (what) => console.log(JSON.stringify({ what, now: Date.now(), date: new Date().getTime(), text: Date() }));
  setTimeout(() => say('day'), ${DAY_MS});
  setTimeout(() => say('twoDays'), ${2 * DAY_MS});
  clearTimeout(setTimeout(() => say('cleared'), ${HOUR_MS}));
  const refreshed = setTimeout(() => say('refreshed'), ${DAY_MS + HOUR_MS});
  process.stdin.on('data', () => { refreshed.refresh(); say('refreshing'); });
  say('started');
`;

interface Said {
  what: string;
  now: number;
  date: number;
  text: string;
  /** When the test read it, by the real clock. */
  readAt: number;
}

describe('the shifted clock of the end-to-end tests', () => {
  let clock: ShiftedClock;
  let child: ChildProcess | undefined;
  let database: ThrowawayDatabase | undefined;

  beforeEach(() => {
    clock = ShiftedClock.start();
  });
  afterEach(async () => {
    child?.kill();
    await database?.drop();
    clock.dispose();
  });

  it("moves a process's Date forward, and runs each timer when the shifted clock reaches its time", async () => {
    const said: Said[] = [];
    child = spawn(process.execPath, ['-e', PROCESS_ON_THE_CLOCK], { env: { ...process.env, ...clock.env }, stdio: ['pipe', 'pipe', 'inherit'] });
    createInterface({ input: child.stdout! }).on('line', (line) => said.push({ ...JSON.parse(line), readAt: Date.now() }));
    const saying = (what: string) => eventually(() => said.find((each) => each.what === what), `the process to say "${what}"`, { timeoutMs: 10_000 });
    const sayings = () => said.map((each) => each.what);

    const started = await saying('started');
    expect(Math.abs(started.now - started.readAt)).toBeLessThan(2_000);

    await clock.shiftBy(DAY_MS);
    const day = await saying('day');
    // Run at once by the shift, not a day later; Date.now(), new Date() and Date() all moved.
    expect(day.readAt - started.readAt).toBeLessThan(8_000);
    expect(day.now - started.now).toBeGreaterThanOrEqual(DAY_MS);
    expect(Math.abs(day.date - day.now)).toBeLessThan(1_000);
    expect(Date.parse(day.text)).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    expect(sayings()).toEqual(['started', 'day']);

    // Refreshed a day after it was set, the timer is due a day and an hour after that, not before.
    child.stdin!.write('refresh\n');
    const refreshing = await saying('refreshing');
    await clock.shiftTo(new Date(started.now + 2 * DAY_MS + 1_000));
    const twoDays = await saying('twoDays');
    expect(twoDays.now).toBeGreaterThanOrEqual(started.now + 2 * DAY_MS);
    await clock.shiftTo(new Date(refreshing.now + DAY_MS + HOUR_MS + 1_000));
    const refreshed = await saying('refreshed');
    expect(refreshed.now).toBeGreaterThanOrEqual(refreshing.now + DAY_MS + HOUR_MS);
    expect(sayings()).toEqual(['started', 'day', 'refreshing', 'twoDays', 'refreshed']);
    await expect(clock.shiftBy(-1)).rejects.toThrow('The clock moves forward by whole milliseconds, not by -1');
  });

  it("moves a PostgreSQL database's now() forward for the connections of the service, in queries and column defaults", async () => {
    database = await createThrowawayDatabase('sps_test_clock');
    const following = new Client({ connectionString: await clock.follow(database.url) });
    await following.connect();
    try {
      await following.query('CREATE SCHEMA service');
      await following.query('CREATE TABLE service.notes (id integer, created_at timestamptz NOT NULL DEFAULT now())');
      await clock.shiftBy(3 * DAY_MS);
      await following.query('INSERT INTO service.notes (id) VALUES (1)');
      const { rows } = await following.query<{ shifted: Date; real: Date; created_at: Date }>(
        'SELECT now() AS shifted, pg_catalog.now() AS real, (SELECT created_at FROM service.notes) AS created_at',
      );
      expect(rows[0].shifted.getTime() - rows[0].real.getTime()).toBe(3 * DAY_MS);
      expect(Math.abs(rows[0].created_at.getTime() - clock.now().getTime())).toBeLessThan(5_000);
    } finally {
      await following.end();
    }
    // The test's own connections keep PostgreSQL's clock.
    const own = new Client({ connectionString: database.url });
    await own.connect();
    try {
      const { rows } = await own.query<{ now: Date }>('SELECT now()');
      expect(Math.abs(rows[0].now.getTime() - Date.now())).toBeLessThan(5_000);
    } finally {
      await own.end();
    }
  });
});
