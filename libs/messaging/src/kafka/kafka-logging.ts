import { Logger } from '@nestjs/common';
import { LogEntry, logCreator, logLevel } from 'kafkajs';
import { errorCodes } from 'kafkajs/src/protocol/error';

export type KafkaLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** What the kafkajs client itself reports; its "info" lines (joins, starts) are routine, so they go to debug. */
export function kafkaLogLevel(level: KafkaLogLevel): logLevel {
  return { debug: logLevel.DEBUG, info: logLevel.INFO, warn: logLevel.WARN, error: logLevel.ERROR }[level];
}

/**
 * Answers a broker gives while a cluster, a topic or a consumer group is still coming up (at every
 * first start: topics being created, their leaders elected, a group's coordinator loading). kafkajs
 * retries them and logs each at error level; they are expected, so they are logged at debug. When
 * the retries run out, the error that ends them (a consumer's crash, a send that failed) is still
 * logged as an error.
 */
const START_UP_CONDITIONS = new Set([
  'LEADER_NOT_AVAILABLE',
  'NOT_LEADER_FOR_PARTITION',
  'UNKNOWN_TOPIC_OR_PARTITION',
  'TOPIC_ALREADY_EXISTS',
  'GROUP_COORDINATOR_NOT_AVAILABLE',
  'GROUP_LOAD_IN_PROGRESS',
  'NOT_COORDINATOR_FOR_GROUP',
  'REBALANCE_IN_PROGRESS',
]);
const START_UP_CONDITION_MESSAGES = errorCodes.filter((error) => START_UP_CONDITIONS.has(error.type)).map((error) => error.message);

/**
 * The broker's answer to creating topics when one or more could not be (at a first start, mostly
 * another app creating the same topic a moment before). The caller says what it means: kafkajs
 * takes "already exists" for done, and anything else reaches the bus, which warns naming the topics.
 */
const TOPIC_CREATION_ANSWER = /^Response CreateTopics\(/;
/** A consumer restarting after a crash: the crash's own line, just before, says why (at its level). */
const CONSUMER_RESTART = /^Restarting the consumer in \d+ms$/;
/** A crash once kafkajs's retries ran out: an error, whatever the condition that outlasted them. */
const RETRIES_RAN_OUT = /^Crash: KafkaJSNumberOfRetriesExceeded\b/;

/**
 * Whether an error line of kafkajs reports a start-up condition (in its message, or its `error`
 * field), a topic-creation answer or a consumer's restart: each said again where it matters.
 */
export function isStartUpCondition(log: LogEntry['log']): boolean {
  if (CONSUMER_RESTART.test(log.message) || TOPIC_CREATION_ANSWER.test(log.message)) return true;
  if (RETRIES_RAN_OUT.test(log.message)) return false;
  const reported = `${log.message} ${typeof log.error === 'string' ? log.error : ''}`;
  return START_UP_CONDITION_MESSAGES.some((message) => reported.includes(message));
}

/** Routes kafkajs logs to the Nest logger, context `Kafka`, keeping the fields kafkajs adds (group, topic, broker). */
export const nestLogCreator: logCreator = () => {
  const logger = new Logger('Kafka');
  return ({ namespace, level, log }: LogEntry) => {
    const text = describe(namespace, log);
    if (level === logLevel.ERROR && isStartUpCondition(log)) logger.debug(text);
    else if (level === logLevel.ERROR) logger.error(text);
    else if (level === logLevel.WARN) logger.warn(text);
    else if (level === logLevel.INFO) logger.debug(text);
    else logger.verbose(text);
  };
};

function describe(namespace: string, log: LogEntry['log']): string {
  const { message, timestamp: _timestamp, logger: _logger, stack: _stack, ...fields } = log;
  const details = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `[${namespace}] ${message}${details ? ` (${details})` : ''}`;
}
