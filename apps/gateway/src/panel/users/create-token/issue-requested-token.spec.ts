import { ApiError } from '../../../http/api-error';
import { expiryOf, outlivesCreator } from './issue-requested-token';

const errorsOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? { message: error.message, errors: error.errors } : error;
  }
  throw new Error('expected a refusal');
};

describe('the expiry of a requested token', () => {
  const nextYear = new Date().getUTCFullYear() + 1;

  it('refuses a day the month does not have instead of rolling it over', () => {
    for (const text of [`${nextYear}-02-30`, `${nextYear}-04-31T10:00:00Z`, `${nextYear}-13-01`, `${nextYear}-00-10`]) {
      expect(errorsOf(() => expiryOf(text))).toEqual({ message: 'Validation errors.', errors: { expires_at: [expect.stringContaining('expires_at')] } });
    }
    expect(expiryOf(`${nextYear}-02-28`)?.toISOString()).toBe(`${nextYear}-02-28T00:00:00.000Z`);
  });

  it('gives a token without expires_at the expiry of the token that creates it', () => {
    const creator = new Date(Date.now() + 120_000);
    expect(expiryOf(undefined, creator)).toEqual(creator);
    expect(expiryOf(null, creator)).toEqual(creator);
    expect(expiryOf(null, null)).toBeNull();
  });

  it('refuses an expiry later than the creating token\'s, and accepts one before it', () => {
    const creator = new Date(Date.now() + 120_000);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect(errorsOf(() => expiryOf(later, creator))).toEqual({ message: 'Validation errors.', errors: { expires_at: [outlivesCreator(creator)] } });
    const sooner = new Date(Date.now() + 60_000);
    expect(expiryOf(sooner.toISOString(), creator)).toEqual(sooner);
  });
});
