export * from './post-body-limits';
export * from './post-body-messages';
export * from './platform-content-rules';
export * from './platform-rules';
export * from './post-content-rules';
export * from './provider-text-limits';
export * from './validate-post-body';
export * from './zoned-time';
export { asksForQueue, type ScheduleContext } from './read-schedule';
