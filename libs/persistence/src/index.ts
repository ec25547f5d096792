export * from './sql-dialect';
export * from './sql-database';
export * from './schema-migrations';
export * from './sqlite/open-sqlite-database';
export * from './postgres/open-postgres-database';
export * from './encrypted-columns';
export * from './periodic-task';
export * from './prepared-query';
