export * from './describe-with-kafka';
export * from './kafka-mock-cluster';
export * from './real-kafka-broker';
export * from './test-kafka-cluster';
