export * from './due-work';
export * from './wake-up-loop';
