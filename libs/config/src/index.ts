export * from './app-config';
export * from './log-levels';
