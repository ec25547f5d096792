export * from './message-bus.port';
export * from './group-membership';
export * from './rpc.port';
export * from './dead-letter';
export * from './service-error';
export * from './in-process/in-process-message-bus';
export * from './in-process/in-process-rpc';
// The Kafka adapter's values come from '@app/messaging/kafka', loaded only where Kafka is used (not in embedded mode).
export type * from './kafka';
export * from './delivery/consumer-retry-policy';
export * from './delivery/unprocessable-message';
export * from './http';
export * from './follow-on-queue';
export * from './message-tracing';
export * from './nest';
export * from './delivery/keys-side-by-side';
