/** Result of timing one operation repeatedly. */
export interface Measurement {
  /** Operations per second, median of the rounds. */
  opsPerSecond: number;
  /** Milliseconds per operation, median of the rounds. */
  msPerOp: number;
}

/**
 * Times `operation` in several rounds of at least `roundMs` each and reports the median, so one
 * noisy round on this shared machine does not decide the figure.
 */
export async function measure(operation: () => unknown, { rounds = 5, roundMs = 300 } = {}): Promise<Measurement> {
  for (let i = 0; i < 50; i++) await operation();
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let count = 0;
    const started = performance.now();
    let elapsed = 0;
    while (elapsed < roundMs) {
      await operation();
      count++;
      elapsed = performance.now() - started;
    }
    rates.push((count * 1000) / elapsed);
  }
  rates.sort((a, b) => a - b);
  const opsPerSecond = rates[Math.floor(rates.length / 2)] ?? 0;
  return { opsPerSecond, msPerOp: 1000 / opsPerSecond };
}

/** One line of a benchmark report: a figure beside the baseline measured in the same run. */
export interface ReportLine {
  name: string;
  value: number;
  unit: string;
  baselineName: string;
  baseline: number;
  /** Whether a larger value is better (throughput) or worse (time, overhead). */
  higherIsBetter: boolean;
  target?: string;
}

/** The number a target names (`< 16.7 ms` → 16.7), or null when it names none. */
function targetNumber(target: string | undefined): number | null {
  const match = /(\d[\d,]*(?:\.\d+)?)/.exec(target ?? '');
  return match?.[1] === undefined ? null : Number(match[1].replaceAll(',', ''));
}

/**
 * A figure as the report prints it: whole from 100, else three significant digits — and as many
 * more as it takes for a figure beside its target to read as above or below it, never as the
 * target itself (16.66 against "< 16.7" prints 16.66, not 16.7; 600.4 against "< 600" prints 600.4).
 */
export function reportFigure(n: number, target?: string): string {
  const bound = targetNumber(target);
  const plain = n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3);
  if (bound === null || n === bound || Number(plain.replaceAll(',', '')) !== bound) return plain;
  for (let digits = 4; digits <= 12; digits++) {
    const text = n.toPrecision(digits);
    if (Number(text) !== bound) return text;
  }
  return String(n);
}

/** Prints a report line with the ratio to its baseline. */
export function report(line: ReportLine): void {
  const ratio = line.value / line.baseline;
  const format = (n: number): string => reportFigure(n, line.target);
  console.log(
    `  ${line.name.padEnd(44)} ${format(line.value).padStart(12)} ${line.unit.padEnd(9)} ` +
      `vs ${line.baselineName} ${format(line.baseline)} ${line.unit}  → ×${ratio.toFixed(2)}` +
      (line.target !== undefined ? `  (target ${line.target})` : ''),
  );
}

/** Median wall time of `rounds` runs of a long operation, in seconds. */
export async function timed(operation: () => Promise<number> | number, rounds = 3): Promise<{ seconds: number; count: number }> {
  const times: number[] = [];
  let count = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    count = await operation();
    times.push((performance.now() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  return { seconds: times[Math.floor(times.length / 2)] ?? 0, count };
}
