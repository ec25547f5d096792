import type { Account } from '../api';

/** A filter by account: "Every account" (null), or one of the workspace's accounts, named with its platform. */
export function AccountSelect({ id, accounts, value, onChange }: { id: string; accounts: readonly Account[] | undefined; value: number | null; onChange(accountId: number | null): void }) {
  return (
    <select id={id} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}>
      <option value="">Every account</option>
      {accounts?.map((account) => (
        <option key={account.id} value={account.id}>
          {account.name} ({account.provider})
        </option>
      ))}
    </select>
  );
}
