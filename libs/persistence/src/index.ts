export * from './sql-dialect';
export * from './sql-database';
export * from './schema-migrations';
export * from './sqlite/open-sqlite-database';
export * from './postgres/open-postgres-database';
export * from './test-database';
export * from './test-engines';
export * from './encrypted-columns';
