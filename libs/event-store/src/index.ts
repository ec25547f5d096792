export * from './event-store.port';
export * from './sql/sql-event-store';
export * from './sql/event-store-migrations';
export * from './relay/event-relay';
export { eventRelayMigration, RelayTables } from './relay/relay-lease';
export * from './eventstoredb/eventstoredb-event-store';
