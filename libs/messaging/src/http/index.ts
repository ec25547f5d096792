export * from './http-query';
export * from './query-routing';
