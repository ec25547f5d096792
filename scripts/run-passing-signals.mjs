/**
 * Runs a command as this process's stand-in (scripts/run-built.mjs): the signals this process gets
 * are passed on to it, and this process ends as it did, with its exit code or by its signal.
 */
import { spawn } from 'node:child_process';
import process from 'node:process';

const PASSED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/**
 * A Ctrl-C reaches this process twice (from the terminal, and from npm passing it on): repeats
 * within this time are dropped, so that the command gets one signal and shuts down gracefully.
 */
const REPEAT_WITHIN_MS = 1_000;

export function runPassingSignals(command, args) {
  // A process group of its own: a signal reaches the command only through this process, once.
  const child = spawn(command, args, { stdio: 'inherit', detached: true });
  let lastPassed = { signal: null, at: 0 };
  const pass = (signal) => {
    const now = Date.now();
    if (lastPassed.signal === signal && now - lastPassed.at < REPEAT_WITHIN_MS) return;
    lastPassed = { signal, at: now };
    child.kill(signal);
  };
  for (const signal of PASSED_SIGNALS) process.on(signal, pass);
  child.once('error', (error) => {
    process.stderr.write(`Could not start ${command}: ${error.message}\n`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    for (const passed of PASSED_SIGNALS) process.removeListener(passed, pass);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
