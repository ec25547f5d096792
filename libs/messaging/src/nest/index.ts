export * from './bus-server';
export * from './forward-errors.filter';
export * from './connect-message-handlers';
