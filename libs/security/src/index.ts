export * from './secret-box';
export * from './token-hash';
