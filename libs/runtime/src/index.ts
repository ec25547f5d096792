export * from './embedded-infrastructure.module';
export * from './distributed-infrastructure.module';
export * from './encryption-key';
export * from './health/health.module';
export * from './bootstrap-distributed-app';
export * from './http/http-app';
export * from './data-dir-lock';
export * from './earlier-data-dir';
