const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid the gateway sends under `field` (`workspaceUuid`, `postUuid`), or a field error added to `errors`. */
export function checkUuid(value: unknown, field: string, what: string, errors: Record<string, string[]>): string {
  if (typeof value !== 'string' || !UUID.test(value)) errors[field] = [`The ${what} uuid must be a UUID.`];
  return value as string;
}

/** Checks the account id and workspace uuid the gateway sends, adding field errors to `errors`. */
export function checkAccountRef(
  body: { accountId?: unknown; workspaceUuid?: unknown },
  errors: Record<string, string[]>,
): { accountId: number; workspaceUuid: string } {
  const { accountId } = body;
  if (!Number.isSafeInteger(accountId) || (accountId as number) < 1) errors.accountId = ['The account id must be a positive integer.'];
  return { accountId: accountId as number, workspaceUuid: checkUuid(body.workspaceUuid, 'workspaceUuid', 'workspace', errors) };
}

export const asObject = (payload: unknown): Record<string, unknown> =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
