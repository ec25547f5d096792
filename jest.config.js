/** Test tiers by file suffix: *.spec.ts unit, *.int-spec.ts real databases, *.e2e-spec.ts the started service. */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2023',
  },
  module: { type: 'commonjs' },
}];
const moduleNameMapper = {
  '^@app/messaging/testing$': '<rootDir>/libs/messaging/src/testing',
  '^@app/messaging/kafka$': '<rootDir>/libs/messaging/src/kafka',
  '^@app/event-store/eventstoredb$': '<rootDir>/libs/event-store/src/eventstoredb/eventstoredb-event-store',
  '^@app/security/testing$': '<rootDir>/libs/security/src/testing',
  '^@app/persistence/testing$': '<rootDir>/libs/persistence/src/testing',
  '^@app/persistence/postgres$': '<rootDir>/libs/persistence/src/postgres/open-postgres-database',
  '^@app/contracts/testing$': '<rootDir>/libs/contracts/src/testing',
  '^@app/domain/testing$': '<rootDir>/libs/domain/src/testing',
  '^@app/testing/eventually$': '<rootDir>/libs/testing/src/eventually',
  '^@app/media-store/testing$': '<rootDir>/libs/media-store/src/testing',
  '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src',
  '^@test/providers/(.+)$': '<rootDir>/test/providers/$1',
};
const common = { rootDir: __dirname, transform: { '^.+\\.ts$': swc }, moduleNameMapper, testEnvironment: 'node' };
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,test}/**/*.spec.ts'] },
    // Joining a consumer group or starting a service can take seconds on a loaded machine.
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/{apps,libs,test}/**/*.int-spec.ts'], testTimeout: 60_000 },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'], testTimeout: 120_000 },
  ],
};
