export * from './message-bus.port';
export * from './rpc.port';
export * from './dead-letter';
export * from './in-process/in-process-message-bus';
export * from './in-process/in-process-rpc';
export * from './kafka';
export * from './delivery/retry-policy';
export * from './delivery/unprocessable-message';
