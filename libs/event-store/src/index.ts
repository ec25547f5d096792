export * from './event-store.port';
export * from './sql/sql-event-store';
export * from './sql/event-store-migrations';
export * from './relay/event-relay';
export { eventRelayMigration, RelayTables } from './relay/relay-lease';
// The EventStoreDB adapter comes from '@app/event-store/eventstoredb', loaded only where it is used (not in embedded mode).
