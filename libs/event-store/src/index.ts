export * from './event-store.port';
