export * from './kafka-message-bus';
export type { KafkaLogLevel } from './kafka-logging';
export type { MessageAuthenticator } from './kafka-codec';
export type { PayloadCipher } from './sealed-payload';
export { quietIdleRequestQueues } from './idle-request-queues';
