/**
 * Headers a message gets when a consumer group gives up on it and moves it to `<topic>.dlq`
 * (its own headers are kept). Every bus adapter writes the same ones.
 */
export const DeadLetterHeaders = {
  error: 'dlq-error',
  originalTopic: 'dlq-original-topic',
  originalPartition: 'dlq-original-partition',
  originalOffset: 'dlq-original-offset',
  groupId: 'dlq-group-id',
  attempts: 'dlq-attempts',
} as const;
