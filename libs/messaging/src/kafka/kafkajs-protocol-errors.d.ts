/** kafkajs's table of the Kafka protocol's errors (not in its type declarations): their names, codes and messages. */
declare module 'kafkajs/src/protocol/error' {
  export const errorCodes: ReadonlyArray<{ type: string; code: number; retriable: boolean; message: string }>;
}
