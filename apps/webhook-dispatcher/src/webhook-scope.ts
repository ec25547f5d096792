import { ServiceError } from '@app/contracts';
import type { SecretShown, UrlShown } from './manage-webhooks/webhook-settings-store';

/** The workspace a scope stands for; null for the system (panel) scope. */
export type ScopeOwner = string | null;

/** Reads `scope` of an RPC request: `{workspaceUuid}` or `{system: true}`. */
export function scopeOwner(payload: unknown): ScopeOwner {
  const scope = field(payload, 'scope') as Partial<{ workspaceUuid: unknown; system: unknown }> | undefined;
  if (scope && typeof scope.workspaceUuid === 'string' && scope.workspaceUuid !== '') return scope.workspaceUuid;
  if (scope && scope.system === true) return null;
  throw new ServiceError('bad_request', 'A webhook request needs a workspace or the system scope.');
}

export const describeScope = (owner: ScopeOwner): string => (owner === null ? 'system' : `workspace ${owner}`);

/** A webhook id from the request, or null when it cannot name any webhook. */
export function webhookIdOf(payload: unknown): number | null {
  const raw = field(payload, 'webhookId');
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Only a caller that says it may see the signing secret gets it (`showSecret`). */
export const secretShownTo = (payload: unknown): SecretShown => (field(payload, 'showSecret') === true ? 'shown' : 'hidden');

/** Only a caller that says it may see the whole URL gets it (`showUrl`); any other, its origin. */
export const urlShownTo = (payload: unknown): UrlShown => (field(payload, 'showUrl') === true ? 'whole' : 'origin');

export function field(payload: unknown, name: string): unknown {
  return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>)[name] : undefined;
}
