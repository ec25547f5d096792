export * from './secret-box';
export * from './token-hash';
export * from './encryption-keys';
export * from './message-signer';
export * from './wire-cipher';
export * from './media-url-signer';
export * from './recently-opened-secrets';
