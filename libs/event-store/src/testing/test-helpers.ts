import { randomUUID } from 'node:crypto';
import { NewEvent } from '../event-store.port';

export function newEvent(type: string, data: unknown = {}, metadata?: Record<string, string>): NewEvent {
  return { id: randomUUID(), type, data, metadata };
}

export const newStreamId = (): string => `post-${randomUUID()}`;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

export function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
