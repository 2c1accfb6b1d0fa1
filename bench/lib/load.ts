// Load with autocannon, and the statistics of its runs.
import autocannon from 'autocannon';
import { connections, seconds } from './settings.ts';

export type Figures = { requestsPerSecond: number; p99Ms: number };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

export async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/** One client's requests back to back (one administrator at a time), for `seconds`: p50/p99. */
export async function sequentialLatency(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: 1, duration: seconds });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

/** The maximum rate of a GET (${connections} connections) and its latency one request at a time. */
export async function adminLatency(url: string, headers: Record<string, string>) {
  await load(url, headers); // warm-up
  const maximum = await load(url, headers);
  return { maxRps: maximum.requestsPerSecond, ...(await sequentialLatency(url, headers)) };
}

/** The maximum rate of a GET, then its latency at half of that rate (10 connections). */
export async function latencyAtHalfRate(url: string, headers: Record<string, string> = {}) {
  await load(url, headers); // warm-up
  const maximum = await load(url, headers);
  const halfRate = Math.round(maximum.requestsPerSecond / 2);
  const atHalf = await autocannon({
    url,
    headers,
    connections: 10,
    duration: seconds,
    overallRate: halfRate,
  });
  if (atHalf.non2xx || atHalf.errors)
    throw new Error(`${url}: ${atHalf.non2xx} non-2xx, ${atHalf.errors} errors`);
  return { maxRps: maximum.requestsPerSecond, halfRate, p50: atHalf.latency.p50, p99: atHalf.latency.p99 };
}
