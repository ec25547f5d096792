export * from './message-bus.port';
export * from './rpc.port';
