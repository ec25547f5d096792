import { ConsoleLogger } from '@nestjs/common';

/**
 * Nest's own start-up detail: a line per module initialized and per controller and route mapped
 * (over a hundred for the embedded service). Written at debug level, so that a start shows the
 * service's own lines and its start banner; LOG_LEVEL=debug shows them again.
 */
const START_UP_DETAIL = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** The console logger of every app: Nest's, with its start-up detail moved to debug level. */
export class ServiceLogger extends ConsoleLogger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && START_UP_DETAIL.has(context)) super.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }
}
