export * from './test-infrastructure.module';
export * from './webhook-receiver';
