export * from './message-endpoint.decorators';
export * from './message-endpoints';
