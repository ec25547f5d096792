import { Logger } from '@nestjs/common';
import { logLevel } from 'kafkajs';
import { nestLogCreator } from './kafka-logging';

/** What kafkajs's error lines become in the service's log: start-up conditions at debug, the rest as errors. */
describe('nestLogCreator', () => {
  let error: jest.SpyInstance;
  let debug: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  type Reported = { message: string; error?: string; groupId?: string };
  const logError = (namespace: string, log: Reported) =>
    nestLogCreator(logLevel.DEBUG)({ namespace, level: logLevel.ERROR, label: 'ERROR', log: { timestamp: '', logger: 'kafkajs', ...log } });

  it.each([
    ['a topic being created: no leader yet', 'Connection', { message: 'Response Metadata(key: 3, version: 6)', error: 'There is no leader for this topic-partition as we are in the middle of a leadership election' }],
    ['a topic not yet there', 'Connection', { message: 'Response Metadata(key: 3, version: 6)', error: 'This server does not host this topic-partition' }],
    ['a group coordinator not yet there', 'Connection', { message: 'Response FindCoordinator(key: 10, version: 2)', error: 'The group coordinator is not available' }],
    ['a topic created by another app first', 'Connection', { message: 'Response CreateTopics(key: 19, version: 3)', error: 'Topic creation errors' }],
    ['a send retried while a leader is elected', 'Producer', { message: 'Failed to send messages: There is no leader for this topic-partition as we are in the middle of a leadership election' }],
    ['a consumer restarting after such a crash', 'Consumer', { message: 'Restarting the consumer in 300ms', groupId: 'publisher' }],
  ])('%s: debug, not error', (_, namespace, log: Reported) => {
    logError(namespace, log);
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith(expect.stringContaining(log.error ?? log.message));
  });

  it.each([
    ['a broker that refuses connections', 'Connection', { message: 'Connection error: connect ECONNREFUSED 127.0.0.1:9092' }],
    ['retries that ran out on a start-up condition', 'Consumer', { message: 'Crash: KafkaJSNumberOfRetriesExceeded: The group coordinator is not available', groupId: 'publisher' }],
    ['an authorization failure', 'Connection', { message: 'Response Metadata(key: 3, version: 6)', error: 'Not authorized to access topics: [Topic authorization failed]' }],
  ])('%s: still an error', (_, namespace, log: Reported) => {
    logError(namespace, log);
    expect(debug).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringContaining(log.message));
  });
});
