export * from './retry-policy';
