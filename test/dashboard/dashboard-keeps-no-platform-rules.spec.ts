import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { POST_STATUSES } from '@app/contracts';
import { platformCatalogue } from '@app/platforms';

const ROOT = join(__dirname, '../..');
const DASHBOARD = join(ROOT, 'apps/dashboard/src');
/** The one module that says what the pages show by a post's status (never what may be done). */
const STATUS_WORDS = 'pages/posts/post-outcome.ts';

/** The dashboard's own code: its sources without their unit tests. */
function dashboardSources(dir = DASHBOARD): Array<{ file: string; text: string }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return dashboardSources(path);
    if (!/\.tsx?$/.test(name) || /\.spec\.tsx?$/.test(name)) return [];
    return [{ file: relative(DASHBOARD, path), text: readFileSync(path, 'utf8') }];
  });
}

/** Each place in the sources where the pattern matches, as `file: match`. */
const findings = (pattern: RegExp, sources: ReadonlyArray<{ file: string; text: string }> = dashboardSources()): string[] =>
  sources.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((match) => `${file}: ${match[0]}`));

/**
 * The dashboard keeps no copy of the platforms' rules nor of what a post's status allows: it reads
 * the platforms' descriptions (`GET /api/platforms`) and a post's `actions`. A scan of its code
 * finds none of the figures or choices the descriptions carry, and compares a post's status in
 * one module only, which picks the words a page shows.
 */
describe('the dashboard speaks the server’s rules', () => {
  const platforms = platformCatalogue();

  it('writes down no text limit or caption limit of any platform', () => {
    const limits = new Set(platforms.flatMap((platform) => [platform.text.limit, platform.text.limit_with_media]).filter((limit): limit is number => limit !== null));
    expect(limits.size).toBeGreaterThan(5);
    // Figures that are not a platform's, though one platform's limit is the same number: each named for what it is.
    const NOT_A_PLATFORM_LIMIT = [/ \/ 1024\)/ /* bytes to KB */, /_MS = / /* milliseconds */, /NOTE_MAX_CHARACTERS = / /* the API's longest review note */, /MAX_IMPORT_ROWS = / /* the most rows of an import */];
    const lines = dashboardSources().flatMap(({ file, text }) => text.split('\n').map((line) => ({ file, text: line })));
    const written = findings(/(?<![\w.#-])\d{1,3}(?:[_,]\d{3})+(?!\w)|(?<![\w.#-])\d{3,}(?!\w)/g, lines.filter(({ text }) => !NOT_A_PLATFORM_LIMIT.some((pattern) => pattern.test(text))));
    expect(written.filter((finding) => limits.has(Number(finding.slice(finding.lastIndexOf(' ') + 1).replace(/[_,]/g, ''))))).toEqual([]);
  });

  it('names none of the choices a platform’s options offer', () => {
    // Choices of five letters or more: a shorter one (Instagram's `post`) is also a word of the pages.
    const choices = new Set(platforms.flatMap((platform) => platform.options.flatMap((option) => option.choices ?? [])).filter((choice) => choice.length > 4));
    expect(choices.size).toBeGreaterThan(5);
    expect(findings(/['"`]([A-Za-z_]+)['"`]/g).filter((finding) => choices.has(finding.split(': ')[1].slice(1, -1)))).toEqual([]);
  });

  it('compares a post’s status in one module, which picks words, and nowhere else', () => {
    const statuses = POST_STATUSES.join('|');
    const comparisons = new RegExp(`status\\s*[!=]==?\\s*['"\`](?:${statuses})['"\`]|case\\s+['"\`](?:${statuses})['"\`]`, 'g');
    const sources = dashboardSources();
    expect(findings(comparisons, sources.filter(({ file }) => file !== STATUS_WORDS))).toEqual([]);
    expect(findings(comparisons, sources.filter(({ file }) => file === STATUS_WORDS)).length).toBeGreaterThan(0);
  });
});
