export * from './http-rpc';
