export * from './app-config';
export * from './log-levels';
export * from './oauth-config';
