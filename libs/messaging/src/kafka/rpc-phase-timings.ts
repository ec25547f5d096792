import { appMeter } from '@app/telemetry';

/** Headers a server puts on its reply so that the caller can tell where a request's time went. */
export const RpcTimingHeaders = {
  /** Epoch milliseconds when the server took the request from its topic. */
  receivedAt: 'received-at',
  /** Milliseconds the handler took. */
  handledMs: 'handled-ms',
} as const;

/** The phases of a request/reply over Kafka, as `rpc_client_phase_seconds{phase}` names them. */
export type RpcPhase = 'produce' | 'to_server' | 'handle' | 'reply';

/** What the caller saw of one request: when it began, when its request was written, when the reply came, and what the reply's headers said. */
export interface RpcTimes {
  startedAt: number;
  producedAt: number;
  repliedAt: number;
  headers: Record<string, string>;
}

/**
 * The request's time split in its phases: writing the request (produce), until the server took it
 * (its consumer's fetch), the handler, and until the reply arrived (writing it and the caller's
 * fetch). The middle phases compare the caller's clock with the server's: with clocks apart they
 * shift time between `to_server` and `reply` (never below 0); `produce` and `handle` are exact.
 * Null when the reply carries no timings (a server of an earlier build).
 */
export function rpcPhasesOf(times: RpcTimes): Record<RpcPhase, number> | null {
  const receivedAt = Number(times.headers[RpcTimingHeaders.receivedAt]);
  const handledMs = Number(times.headers[RpcTimingHeaders.handledMs]);
  if (!Number.isFinite(receivedAt) || !Number.isFinite(handledMs)) return null;
  return {
    produce: times.producedAt - times.startedAt,
    to_server: Math.max(0, receivedAt - times.producedAt),
    handle: handledMs,
    reply: Math.max(0, times.repliedAt - (receivedAt + handledMs)),
  };
}

const phaseDurations = () =>
  appMeter().createHistogram('rpc_client_phase_seconds', {
    description: 'Where the time of a request/reply over Kafka goes, by method and phase (produce, to_server, handle, reply), as its caller measures it.',
    unit: 's',
  });
let histogram: ReturnType<typeof phaseDurations> | undefined;

/** Records the phases of one request into `rpc_client_phase_seconds{method, phase}`. */
export function recordRpcPhases(method: string, times: RpcTimes): void {
  const phases = rpcPhasesOf(times);
  if (!phases) return;
  histogram ??= phaseDurations();
  for (const [phase, ms] of Object.entries(phases)) histogram.record(ms / 1000, { method, phase });
}
