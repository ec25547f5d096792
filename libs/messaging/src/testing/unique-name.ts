import { randomUUID } from 'node:crypto';

/** A topic or group name of its own for one test, so that tests sharing a broker or a log never read each other's messages. */
export const unique = (name: string): string => `${name}-${randomUUID().slice(0, 8)}`;
