import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A file the code makes: its path from the repository's root, and the text it must hold. */
export type GeneratedFile = [file: string, text: string];

/** Writes each file under `root` (the repository); answers their paths. */
export function writeGeneratedFiles(root: string, files: readonly GeneratedFile[]): string[] {
  for (const [file, text] of files) writeFileSync(join(root, file), text);
  return files.map(([file]) => file);
}

/**
 * Each file under `root` that is missing or differs from what the code makes (the code changed and
 * nobody regenerated it, or someone edited it by hand), said with its first differing line and
 * `regenerate`, the way to fix it. Empty when all are as made.
 */
export function problemsOfGeneratedFiles(root: string, files: readonly GeneratedFile[], regenerate: string): string[] {
  const problems: string[] = [];
  for (const [file, text] of files) {
    const found = readIfThere(join(root, file));
    if (found === null) problems.push(`${file} is missing: ${regenerate}`);
    else if (found !== text) problems.push(`${file} is not what the code makes (${firstDifference(found, text)}): ${regenerate}`);
  }
  return problems;
}

function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** `line 12: "..." where the code makes "..."`. */
function firstDifference(found: string, expected: string): string {
  const foundLines = found.split('\n');
  const expectedLines = expected.split('\n');
  const line = foundLines.findIndex((text, index) => text !== expectedLines[index]);
  const at = line < 0 ? foundLines.length : line;
  return `line ${at + 1}: ${JSON.stringify(foundLines[at] ?? '')} where the code makes ${JSON.stringify(expectedLines[at] ?? '')}`;
}
