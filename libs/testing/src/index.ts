export * from './test-infrastructure.module';
