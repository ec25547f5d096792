export * from './describe-with-kafka';
export * from './kafka-mock-cluster';
