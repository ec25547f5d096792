export * from './test-infrastructure.module';
export * from './webhook-receiver';
export * from './message-handlers';
