/**
 * An instance's picture-to-LED latency as the overview says it: `serverinfo.latency`'s entry
 * (then the `input-sources-update` pushes' own) boiled down to the typical and worst time and the
 * stage that takes most of it.
 */
import type { InstanceLatencyInfo, LatencyStage } from '@glowkit/protocol';

/** What the overview shows of an instance's latency. */
export interface LatencySummary {
  /** The p50 of the whole way, ms. */
  typical: number;
  /** Its p99, ms. */
  worst: number;
  /** The stage with the longest typical time (the first of equals, in pipeline order). */
  most: LatencyStage;
  /** The frames the figures come from (the server keeps the last 256). */
  frames: number;
}

/** The frames the server's figures cover at most. */
const WINDOW = 256;

/** The summary of an instance's figures; undefined before its first picture reached the LEDs. */
export function latencySummary(
  latency: InstanceLatencyInfo | undefined,
): LatencySummary | undefined {
  const { stages, total } = latency ?? {};
  if (!latency || !stages || !total) return undefined;
  let most: LatencyStage | undefined;
  for (const [stage, figures] of Object.entries(stages) as [LatencyStage, { p50: number }][]) {
    if (most === undefined || figures.p50 > stages[most].p50) most = stage;
  }
  if (most === undefined) return undefined;
  return {
    typical: total.p50,
    worst: total.p99,
    most,
    frames: Math.min(latency.frames, WINDOW),
  };
}
