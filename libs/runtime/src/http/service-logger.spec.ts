import { Logger } from '@nestjs/common';
import { colorsWanted, escapeControlCharacters, MultilineLogMessage, ServiceLogger } from './service-logger';

/** What the logger writes while `work` runs, stdout and stderr in the order written. */
function written(work: () => void): string {
  const chunks: string[] = [];
  const capture = (chunk: string | Uint8Array) => (chunks.push(String(chunk)), true);
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    work();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return chunks.join('');
}

const FORGED = 'connection refused\r\n[Nest] 1  - 01/01/2026, 9:00:00 AM     LOG [Publisher] FORGED';

describe('ServiceLogger: one line per message, whatever the message holds', () => {
  const plain = () => new ServiceLogger({ logLevels: ['log', 'warn', 'error', 'debug'], colors: false });

  it('writes a platform\'s message with CR/LF in it on one line, the line break escaped', () => {
    const output = written(() => plain().warn(`mastodon.example answered: ${FORGED}`, 'Publisher'));
    expect(output.split('\n').filter(Boolean)).toHaveLength(1);
    expect(output).toContain('answered: connection refused\\r\\n[Nest] 1  - 01/01/2026');
    expect(output.endsWith('FORGED\n')).toBe(true);
  });

  it('escapes ESC (terminal escape sequences), the other C0 and C1 controls, and the Unicode line separators', () => {
    expect(escapeControlCharacters('a\u001b[2Jb\u0007c\u0085d\u2028e\tf\u0000g')).toBe('a\\u001b[2Jb\\u0007c\\u0085d\\u2028e\\tf\\u0000g');
    const output = written(() => plain().log('\u001b]0;owned\u0007title'));
    expect(output).not.toContain('\u001b');
    expect(output).toContain('\\u001b]0;owned\\u0007title');
  });

  it('goes through it from Nest\'s Logger, as every app logs, and keeps the colors of its own', () => {
    Logger.overrideLogger(new ServiceLogger({ logLevels: ['error'], colors: true }));
    try {
      const output = written(() => new Logger('Publisher').error(`Publish failed: ${FORGED}\u001b[0m`));
      expect(output.split('\n').filter(Boolean)).toHaveLength(1);
      expect(output).toContain('Publish failed: connection refused\\r\\n[Nest]');
      expect(output).toContain('FORGED\\u001b[0m');
      // Red, as Nest writes an error: the logger's own escape sequences stay.
      expect(output).toContain('\u001b[31m');
    } finally {
      Logger.overrideLogger(false);
    }
  });

  it('writes an object on one line', () => {
    const output = written(() => plain().log({ reason: FORGED, nested: { list: [1, 2, 3] } }));
    expect(output.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('keeps the lines of a stack trace, but a line an error\'s message brought in is indented: it cannot pass for a log line', () => {
    const error = new Error(FORGED);
    const output = written(() => plain().error('Publish failed', error.stack, 'Publisher'));
    const lines = output.split('\n').filter(Boolean);
    expect(lines[0]).toMatch(/ERROR \[Publisher\] Publish failed$/);
    expect(lines[1]).toBe('Error: connection refused');
    expect(lines[2]).toBe('    [Nest] 1  - 01/01/2026, 9:00:00 AM     LOG [Publisher] FORGED');
    expect(lines[3]).toMatch(/^ {4}at /);
    expect(lines.filter((line) => line.startsWith('[Nest]'))).toHaveLength(1);
  });

  it('writes a stack Nest does not take for one (its message broke the first line) on the message\'s line', () => {
    const output = written(() => plain().error('Publish failed', new Error(FORGED).stack));
    expect(output.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('writes the service\'s own lines (the start banner) as lines, escaped and indented the same way', () => {
    const output = written(() => plain().log(new MultilineLogMessage(['Ready', '  API:  http://localhost:3000/api', 'injected\r\n[Nest] 2 - FORGED'])));
    const lines = output.split('\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/LOG Ready$/);
    expect(lines.slice(1)).toEqual(['  API:  http://localhost:3000/api', '    injected\\r\\n[Nest] 2 - FORGED']);
  });
});

describe('ServiceLogger colours: only for a terminal', () => {
  it('colours when stdout is a TTY and NO_COLOR is unset; not in a pipe or a file, nor with NO_COLOR', () => {
    expect(colorsWanted({ isTTY: true }, {})).toBe(true);
    expect(colorsWanted({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorsWanted({}, {})).toBe(false);
    expect(colorsWanted({ isTTY: false }, {})).toBe(false);
  });

  it('writes no escape sequence by default when stdout is not a TTY (as under jest)', () => {
    expect(process.stdout.isTTY).not.toBe(true);
    const output = written(() => new ServiceLogger({ logLevels: ['log', 'error'] }).error('Publish failed', 'Publisher'));
    expect(output).toContain('ERROR [Publisher] Publish failed');
    expect(output).not.toContain('\u001b');
  });
});
