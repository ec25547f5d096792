export * from './due-work';
export * from './wake-up-loop';
export * from './due-work-columns';
