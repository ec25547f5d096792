/** Values of every JSON type that tend to break a server: edge numbers, control and unpaired characters, huge text, prototype keys. */
export const WEIRD_VALUES: unknown[] = [
  '\ud800',
  'a\udc00b',
  null, true, false, 0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, '', ' ', 'x', '0', '1', 'true', 'null', '2030-01-01', '10:00',
  '2030-01-01T10:00:00Z', '9999-99-99', '\u0000', '🙂'.repeat(50), 'a'.repeat(5000), [], [null], [[]], {}, { a: 1 }, { __proto__: { polluted: true } },
  { constructor: { prototype: {} } }, 'UTC', 'Europe/Paris', '../../etc/passwd', "'; DROP TABLE gateway.users; --",
];

/** A small seeded generator, so that a failing input can be found again from the seed a test prints. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

export type SeededRandom = ReturnType<typeof seededRandom>;

/** The seed of a fuzz run: FUZZ_SEED when set (to replay a failure), else a new one. */
export const fuzzSeed = (): number => Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
