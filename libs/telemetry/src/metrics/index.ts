export * from './app-meter';
export * from './histogram-buckets';
