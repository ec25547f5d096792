import { appMeter } from '@app/telemetry';

/** The phases of a request/reply, as `rpc_client_phase_seconds{phase}` names them. */
export type RpcPhase = 'transport' | 'handle';

/**
 * A request's time split in its phases, as its caller measured the whole and the server its
 * handler (`handledMs`, carried in the sealed reply): the handler, and the rest (sealing, the
 * connection, opening and parsing on both sides). Null when the reply says nothing of its handler.
 */
export function rpcPhasesOf(totalMs: number, handledMs: unknown): Record<RpcPhase, number> | null {
  if (typeof handledMs !== 'number' || !Number.isFinite(handledMs)) return null;
  return { transport: Math.max(0, totalMs - handledMs), handle: handledMs };
}

const phaseDurations = () =>
  appMeter().createHistogram('rpc_client_phase_seconds', {
    description: 'Where the time of a request/reply between the services goes, by method and phase (transport, handle), as its caller measures it.',
    unit: 's',
  });
let histogram: ReturnType<typeof phaseDurations> | undefined;

/** Records the phases of one request into `rpc_client_phase_seconds{method, phase}`. */
export function recordRpcPhases(method: string, totalMs: number, handledMs: unknown): void {
  const phases = rpcPhasesOf(totalMs, handledMs);
  if (!phases) return;
  histogram ??= phaseDurations();
  for (const [phase, ms] of Object.entries(phases)) histogram.record(ms / 1000, { method, phase });
}
