export * from './embedded-infrastructure.module';
export * from './encryption-key';
