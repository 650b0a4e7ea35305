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

/** Prints a report line with the ratio to its baseline. */
export function report(line: ReportLine): void {
  const ratio = line.value / line.baseline;
  const format = (n: number): string => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3));
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
