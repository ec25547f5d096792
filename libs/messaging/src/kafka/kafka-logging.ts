import { Logger } from '@nestjs/common';
import { LogEntry, logCreator, logLevel } from 'kafkajs';

export type KafkaLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** What the kafkajs client itself reports; its "info" lines (joins, starts) are routine, so they go to debug. */
export function kafkaLogLevel(level: KafkaLogLevel): logLevel {
  return { debug: logLevel.DEBUG, info: logLevel.INFO, warn: logLevel.WARN, error: logLevel.ERROR }[level];
}

/** Routes kafkajs logs to the Nest logger, context `Kafka`, keeping the fields kafkajs adds (group, topic, broker). */
export const nestLogCreator: logCreator = () => {
  const logger = new Logger('Kafka');
  return ({ namespace, level, log }: LogEntry) => {
    const text = describe(namespace, log);
    if (level === logLevel.ERROR) logger.error(text);
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
