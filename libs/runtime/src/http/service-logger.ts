import { ConsoleLogger, ConsoleLoggerOptions, Logger, LogLevel } from '@nestjs/common';
import { inspect } from 'node:util';
import { nestLogLevels } from '@app/config';

/**
 * Nest's own start-up detail: a line per module initialized and per controller and route mapped
 * (over a hundred for the embedded service), and its "Starting Nest application" and "successfully
 * started". Written at debug level, so that a start shows the service's own lines and its start
 * banner; LOG_LEVEL=debug shows them again.
 */
const START_UP_DETAIL = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'NestMicroservice']);

/** The C0 controls (CR, LF and ESC among them), DEL, the C1 controls, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is its purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Text with its control characters written as escapes (`\n`, `\r`, `\t`, `\u001b`...): text
 * from outside the service (a platform's error message, a member's instance address) can neither
 * start a line of its own in the log nor send a terminal escape sequence.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (character) => NAMED_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A message of the service's own that is meant to span lines (the start banner): logged as these
 * lines, each escaped and those after the first indented, as a stack trace is.
 */
export class MultilineLogMessage {
  constructor(readonly lines: readonly string[]) {}
}

/** Lines as the log shows them on lines of their own: each escaped, any after the first that would start at the left margin indented. */
function continuationLines(lines: readonly string[]): string {
  return lines.map((line, index) => {
    const escaped = escapeControlCharacters(line);
    return index === 0 || escaped.startsWith(' ') ? escaped : `    ${escaped}`;
  }).join('\n');
}

/**
 * Colours (ANSI escapes) only for a person at a terminal: not in a log file or a pipe (stdout not
 * a TTY), nor when NO_COLOR is set.
 */
export function colorsWanted(stdout: { isTTY?: boolean } = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  return stdout.isTTY === true && !env.NO_COLOR;
}

/**
 * Makes the service's logger every Nest Logger's, from the first line of an app's start (before
 * its configuration is read: a configuration error is logged by it too), at LOG_LEVEL's default
 * levels; createHttpApp replaces it with one at the configured levels.
 */
export function useServiceLogger(): void {
  Logger.overrideLogger(new ServiceLogger({ logLevels: nestLogLevels('info') }));
}

/**
 * The console logger of every app: Nest's, without colours unless colorsWanted, with its start-up detail moved to debug level, and one
 * line per message whatever the message holds. Every log line the apps write comes through here
 * (each app's Nest logger), so no caller has to remember to escape what it logs: a message's
 * control characters are escaped; a stack trace (and a MultilineLogMessage) keeps its lines, with
 * the same escapes within each line, and any of its lines that would start at the left margin
 * (text an error's message brought in) indented, so that it cannot pass for a log line.
 */
export class ServiceLogger extends ConsoleLogger {
  constructor(options: ConsoleLoggerOptions = {}) {
    super({ colors: colorsWanted(), ...options });
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && START_UP_DETAIL.has(context)) super.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }

  protected override stringifyMessage(message: unknown, logLevel: LogLevel): string {
    // A function is called (a class named) by Nest's own, which comes back here with the result.
    if (typeof message === 'function') return super.stringifyMessage(message, logLevel) as string;
    if (message instanceof MultilineLogMessage) return this.colorize(continuationLines(message.lines), logLevel);
    const text = typeof message === 'string' ? message : inspect(message, { ...this.inspectOptions, colors: false, compact: true, breakLength: Infinity });
    return this.colorize(escapeControlCharacters(text), logLevel);
  }

  protected override formatContext(context: string): string {
    return super.formatContext(escapeControlCharacters(context));
  }

  protected override printStackTrace(stack: string): void {
    if (typeof stack !== 'string') return super.printStackTrace(stack);
    super.printStackTrace(continuationLines(stack.split(/\r\n|\r|\n|\u2028|\u2029/)));
  }
}
