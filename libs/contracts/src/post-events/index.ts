export * from './post-event-message';
export * from './decode-post-event-message';
