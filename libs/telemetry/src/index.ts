export * from './telemetry-settings';
export * from './metrics';
