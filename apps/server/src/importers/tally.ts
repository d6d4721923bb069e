import cliProgress from "cli-progress";

/*
 * What an import read, stored and skipped (with why), kind by kind, and its progress bar
 * on the terminal (extensions.md §8: "one line per kind").
 */

interface Counts {
  read: number;
  stored: number;
  skipped: Map<string, number>;
}

export class Tally {
  private readonly kinds = new Map<string, Counts>();
  /** Users stored able to sign in but with no password yet. */
  withoutPassword = 0;
  /** Users given a made-up password (`--passwords FILE`). */
  madePasswords = 0;
  private bar: cliProgress.SingleBar | null = null;
  private done = 0;
  private label = "";
  private total = 0;
  /** Off a terminal: the next count a progress line is written at (each tenth). */
  private nextLine = 0;

  constructor(
    /** Where the bar goes: a terminal gets one; anything else gets a line per step. */
    private readonly out: NodeJS.WriteStream | null = process.stdout,
  ) {}

  private of(kind: string): Counts {
    let counts = this.kinds.get(kind);
    if (!counts) {
      counts = { read: 0, stored: 0, skipped: new Map() };
      this.kinds.set(kind, counts);
    }
    return counts;
  }

  read(kind: string, n = 1): void {
    this.of(kind).read += n;
  }

  stored(kind: string, n = 1): void {
    this.of(kind).stored += n;
  }

  skipped(kind: string, why: string, n = 1): void {
    const skipped = this.of(kind).skipped;
    skipped.set(why, (skipped.get(why) ?? 0) + n);
  }

  /** The counts of a kind, for tests and the closing lines. */
  counts(kind: string): { read: number; stored: number; skipped: number } {
    const counts = this.of(kind);
    let skipped = 0;
    for (const n of counts.skipped.values()) skipped += n;
    return { read: counts.read, stored: counts.stored, skipped };
  }

  /** A new step of `total` items ("messages"): a bar on a terminal, a line elsewhere. */
  step(label: string, total: number): void {
    this.finishStep();
    this.done = 0;
    this.label = label;
    this.total = total;
    this.nextLine = Math.max(1, Math.ceil(total / 10));
    if (!this.out) return;
    if (!this.out.isTTY) {
      this.out.write(`${label}: ${total}\n`);
      return;
    }
    this.bar = new cliProgress.SingleBar(
      {
        format: `${label.padEnd(16)} {bar} {percentage}% {value}/{total} {eta_formatted}`,
        stream: this.out,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    this.bar.start(total, 0);
  }

  advance(n = 1): void {
    this.done += n;
    if (this.bar) this.bar.update(this.done);
    else if (this.out && this.done >= this.nextLine) {
      this.out.write(`${this.label} ${this.done}/${this.total}\n`);
      this.nextLine += Math.max(1, Math.ceil(this.total / 10));
    }
  }

  finishStep(): void {
    this.bar?.stop();
    this.bar = null;
  }

  /** The closing table: read, stored, skipped per kind, then each reason skipped. */
  table(): string {
    this.finishStep();
    const rows = [...this.kinds.entries()];
    const width = Math.max(8, ...rows.map(([kind]) => kind.length));
    const lines = [
      `${"".padEnd(width)}  ${"read".padStart(8)}  ${"stored".padStart(8)}  ${"skipped".padStart(8)}`,
    ];
    for (const [kind] of rows) {
      const c = this.counts(kind);
      lines.push(
        `${kind.padEnd(width)}  ${String(c.read).padStart(8)}  ${String(c.stored).padStart(8)}  ${String(c.skipped).padStart(8)}`,
      );
    }
    const reasons = rows.flatMap(([kind, counts]) =>
      [...counts.skipped.entries()].map(
        ([why, n]) => `  ${kind}: ${String(n)} ${why}`,
      ),
    );
    if (reasons.length > 0) lines.push("", "Skipped:", ...reasons);
    return lines.join("\n");
  }
}
