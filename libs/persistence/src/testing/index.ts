/** For tests only (`@app/persistence/testing`): throwaway PostgreSQL databases and every engine to run a suite on. */
export * from './throwaway-database';
export * from './test-engines';
