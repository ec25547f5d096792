import { readFileSync } from 'node:fs';

/** Linux reports a process's CPU time in clock ticks of USER_HZ, 100 a second on every architecture Node.js runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) the processes have used so far, from /proc/<pid>/stat; null where
 * there is no /proc or a process has ended. Unlike latency it hardly depends on what else the
 * machine is doing, so it compares runs of the same work on a busy and a quiet machine.
 */
export function cpuTimeMs(pids: readonly number[]): number | null {
  let ticks = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return null;
    }
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / TICKS_PER_SECOND) * 1000;
}
