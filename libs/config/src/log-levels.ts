import type { LogLevel } from '@nestjs/common';
import type { AppConfig } from './app-config';

/** Nest logger levels for LOG_LEVEL: each level includes the more severe ones. */
export function nestLogLevels(level: AppConfig['logLevel']): LogLevel[] {
  const order: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  const last = { error: 'error', warn: 'warn', info: 'log', debug: 'verbose' }[level] as LogLevel;
  return order.slice(0, order.indexOf(last) + 1);
}
