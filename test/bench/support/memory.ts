import { readFileSync } from 'node:fs';

/** Resident memory of one process, in MiB. */
export interface MemoryPeak {
  /** VmHWM: the kernel's high-water mark of resident memory over the process's whole life, start-up included. */
  lifetimePeakMiB: number | null;
  /** Highest VmRSS sampled while the work was measured. */
  sampledPeakMiB: number | null;
}

const SAMPLE_EVERY_MS = 200;

/** Samples a process's resident memory from /proc (Linux) until stopped. */
export class MemoryWatch {
  private sampledKiB: number | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
    this.timer.unref();
  }

  /** Stops sampling; call it while the process still runs, so that VmHWM can be read. */
  stop(): MemoryPeak {
    clearInterval(this.timer);
    this.sample();
    const lifetime = statusField(this.pid, 'VmHWM');
    return { lifetimePeakMiB: lifetime === null ? null : lifetime / 1024, sampledPeakMiB: this.sampledKiB === null ? null : this.sampledKiB / 1024 };
  }

  private sample(): void {
    const rss = statusField(this.pid, 'VmRSS');
    if (rss !== null && (this.sampledKiB === null || rss > this.sampledKiB)) this.sampledKiB = rss;
  }
}

/** A `kB` field of /proc/<pid>/status; null where there is no /proc or the process is gone. */
function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export const mib = (value: number | null): string => (value === null ? 'n/a' : `${Math.round(value)} MB`);
