const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks the account id and workspace uuid the gateway sends, adding field errors to `errors`. */
export function checkAccountRef(
  body: { accountId?: unknown; workspaceUuid?: unknown },
  errors: Record<string, string[]>,
): { accountId: number; workspaceUuid: string } {
  const { accountId, workspaceUuid } = body;
  if (!Number.isSafeInteger(accountId) || (accountId as number) < 1) errors.accountId = ['The account id must be a positive integer.'];
  if (typeof workspaceUuid !== 'string' || !UUID.test(workspaceUuid)) errors.workspaceUuid = ['The workspace uuid must be a UUID.'];
  return { accountId: accountId as number, workspaceUuid: workspaceUuid as string };
}

export const asObject = (payload: unknown): Record<string, unknown> =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
