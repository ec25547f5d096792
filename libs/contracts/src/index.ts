export * from './service-error';
export * from './topics';
export * from './post-commands';
export * from './post-events';
export * from './post-view';
export * from './rpc-methods';
export * from './webhook-events';
export * from './account-messages';
