export * from './post/post-types';
export * from './post/post-commands';
export * from './post/post-events';
export * from './post/post-state';
export * from './post/post-errors';
export * from './post/post-rules';
export * from './post/decide';
export * from './post/evolve';
