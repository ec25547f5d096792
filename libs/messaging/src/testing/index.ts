/**
 * For tests only (`@app/messaging/testing`): a Kafka to run against (a real broker the tests start,
 * or a mock cluster) and the suites that need one. The bus contracts and the inbox, used by the
 * library's own tests, are imported from their files.
 */
export * from './describe-with-kafka';
export * from './kafka-mock-cluster';
export * from './real-kafka-broker';
export * from './test-kafka-cluster';
