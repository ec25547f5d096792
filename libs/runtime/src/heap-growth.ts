import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the old generation grow past what the last full collection kept before it
 * collects again: 100% (a factor of 2). Left to itself, V8 picks a factor of up to 4 on a machine
 * with much memory, so after a burst of work (10,000 posts due in one second) the heap had grown
 * to three times what was still alive. In the lifecycle benchmark this lowers the embedded
 * service's peak RSS from 490-510 to 340-370 MB at 10,000 posts, at the same CPU time per post;
 * 50% gave the same, 20-30% cost 10-15% more CPU.
 */
export const HEAP_GROWING_PERCENT = 100;

const FLAG = '--heap-growing-percent';
/** The flag on a command line, spelt with dashes or underscores, with its value after `=` or as the next argument. */
const GIVEN_FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * The V8 flag the process should set, or null when its command line sets one already (an
 * operator's choice wins). Node.js refuses this flag in NODE_OPTIONS, so the apps set it
 * themselves, at start, before the heap has grown.
 */
export function heapGrowthFlag(execArgv: readonly string[], percent = HEAP_GROWING_PERCENT): string | null {
  return execArgv.some((arg) => GIVEN_FLAG.test(arg)) ? null : `${FLAG}=${percent}`;
}

/** Sets the heap's growing factor (HEAP_GROWING_PERCENT) unless the command line chose one. */
export function limitHeapGrowth(): void {
  const flag = heapGrowthFlag(process.execArgv);
  if (flag) setFlagsFromString(flag);
}
