import { createHash, randomBytes } from 'node:crypto';

/** API tokens are random, shown once, and stored as their SHA-256 digest only. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const generateToken = (): string => `sps_${randomBytes(32).toString('base64url')}`;
