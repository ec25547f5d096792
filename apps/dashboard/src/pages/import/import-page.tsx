import { useState } from 'preact/hooks';
import type { Post } from '../../api';
import { FieldMessages, Notice, Section, useAction } from '../../components/ui';
import { linkTo } from '../../router';
import { useWorkspaceUuid } from '../../session';
import { postName } from '../posts/post-list-query';
import { statusLabel } from '../posts/post-outcome';
import { ImportFile, ImportRowReport, newImportKey, sendImport } from './send-import';

/** The most rows the API takes in one import. */
const MAX_IMPORT_ROWS = 500;

interface Checked {
  file: ImportFile;
  valid: boolean;
  rows: ImportRowReport[];
  /** The Idempotency-Key of this file's import: a second click, or a retry after a failure, creates nothing twice. */
  key: string;
}

/**
 * Import: a CSV or JSON file of posts (`POST /api/{ws}/posts/import`). Choosing the file runs the
 * dry run, whose table shows each row's errors; once every row is valid, Import creates them all
 * (or none), and the created posts are listed.
 */
export function ImportPage() {
  const workspaceUuid = useWorkspaceUuid();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [created, setCreated] = useState<Post[] | null>(null);
  const action = useAction();

  const choose = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    setChecked(null);
    setCreated(null);
    if (!chosen) return;
    const file = { name: chosen.name, text: await chosen.text() };
    // Chosen again once fixed, the same file is read again.
    input.value = '';
    const report = await action.run(() => sendImport(workspaceUuid, file, { dryRun: true }));
    if (report) setChecked({ file, ...report, key: newImportKey() });
  };
  const confirm = async (current: Checked) => {
    const imported = await action.run(() => sendImport(workspaceUuid, current.file, { dryRun: false, idempotencyKey: current.key }), `${plural(current.rows.length)} created.`);
    if (!imported) return;
    setCreated(imported.data);
    setChecked(null);
  };

  return (
    <>
      <h1 tabIndex={-1}>Import</h1>
      {action.outcome}
      <Section title="Choose a file">
        <label for="import-file">CSV or JSON file</label>
        <input
          id="import-file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          disabled={action.busy}
          aria-describedby="import-file-help import-file-errors"
          onChange={(event) => void choose(event.currentTarget)}
        />
        <p id="import-file-help" class="muted">
          At most {MAX_IMPORT_ROWS} rows. CSV: a header row naming the columns <code>text</code> and <code>accounts</code> (account ids separated by <code>|</code>), and optionally{' '}
          <code>scheduled_at</code> (with an offset, such as <code>2030-12-01T09:30:00+01:00</code>), <code>queue</code> (<code>true</code> takes the queue's next free slot), <code>media</code> and{' '}
          <code>tags</code> (separated by <code>|</code>). A row with neither time nor queue is a draft. JSON: an array of rows with the same fields. Nothing is created until you confirm.
        </p>
        <FieldMessages id="import-file-errors" errors={action.errors} keys={['rows']} />
      </Section>
      {checked && <DryRun checked={checked} busy={action.busy} onConfirm={() => void confirm(checked)} />}
      {created && <CreatedPosts posts={created} />}
    </>
  );
}

const plural = (count: number): string => (count === 1 ? '1 post' : `${count} posts`);

/** The dry run's table: each row (counted from 1, the header not counted) and its errors; Import once all are valid. */
function DryRun({ checked, busy, onConfirm }: { checked: Checked; busy: boolean; onConfirm(): void }) {
  const invalid = checked.rows.filter((row) => Object.keys(row.errors).length > 0).length;
  return (
    <Section title="Dry run" id="import-dry-run">
      {checked.valid ? (
        <Notice kind="ok">
          Every row of {checked.file.name} is valid: {plural(checked.rows.length)} to create.
        </Notice>
      ) : (
        <Notice kind="warning">
          {invalid} of {checked.rows.length} rows of {checked.file.name} have errors. Fix them in the file and choose it again: nothing is created while a row is invalid.
        </Notice>
      )}
      <table class="list">
        <caption class="visually-hidden">Each row of the file and its errors</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Errors</th>
          </tr>
        </thead>
        <tbody>
          {checked.rows.map(({ row, errors }) => (
            <tr key={row}>
              <th scope="row">{row + 1}</th>
              <td data-label="Errors">
                {Object.keys(errors).length === 0 ? (
                  <span class="muted">Valid</span>
                ) : (
                  <ul class="plain">
                    {Object.entries(errors).flatMap(([column, messages]) =>
                      messages.map((message) => (
                        <li key={`${column} ${message}`}>
                          <strong>{column}</strong>: {message}
                        </li>
                      )),
                    )}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" disabled={busy || !checked.valid} onClick={onConfirm}>
        Import {plural(checked.rows.length)}
      </button>
    </Section>
  );
}

function CreatedPosts({ posts }: { posts: Post[] }) {
  return (
    <Section title="Created posts" id="import-created">
      <ul class="plain">
        {posts.map((post) => (
          <li key={post.uuid}>
            <a {...linkTo(`/posts/${post.uuid}`)}>{postName(post, 60)}</a> <span class={`status status-${post.status}`}>{statusLabel(post.status)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
