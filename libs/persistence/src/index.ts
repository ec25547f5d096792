export * from './sql-client';
export * from './postgres-sql-client';
export * from './pglite-sql-client';
export * from './migrations';
export * from './test-database';
export * from './handled-messages';
