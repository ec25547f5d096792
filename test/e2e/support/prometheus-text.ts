/** One sample of a scrape: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A scrape of `/metrics`, read from Prometheus' text exposition format. */
export class Scrape {
  private constructor(
    /** Each family's type, by the family's name (`# TYPE`). */
    readonly types: ReadonlyMap<string, string>,
    readonly samples: readonly Sample[],
  ) {}

  static parse(text: string): Scrape {
    const types = new Map<string, string>();
    const samples: Sample[] = [];
    for (const line of text.split('\n')) {
      const type = line.match(/^# TYPE (\S+) (\S+)$/);
      if (type) types.set(type[1], type[2]);
      if (line === '' || line.startsWith('#')) continue;
      const sample = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/);
      if (!sample) throw new Error(`Not a line of the exposition format: ${line}`);
      samples.push({ name: sample[1], labels: labelsOf(sample[2] ?? ''), value: Number(sample[3].replace('+Inf', 'Infinity')) });
    }
    return new Scrape(types, samples);
  }

  /** GET `<baseUrl>/metrics` without a token. */
  static async of(baseUrl: string): Promise<Scrape> {
    const response = await fetch(`${baseUrl}/metrics`);
    if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
    return Scrape.parse(await response.text());
  }

  /** The samples of `name` that carry at least these labels. */
  where(name: string, labels: Record<string, string> = {}): Sample[] {
    return this.samples.filter((sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value));
  }

  /** The value of the one sample of `name` with these labels, or undefined; fails when several match. */
  value(name: string, labels: Record<string, string> = {}): number | undefined {
    const found = this.where(name, labels);
    if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
    return found[0]?.value;
  }
}

/** `a="x",b="y \"quoted\""` as an object. */
function labelsOf(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
    labels[name] = value.replace(/\\(.)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : escaped));
  }
  return labels;
}
