/** Spec: '$rate/hour'. */
export function hourlyRate(rate: number): string {
  return `$${rate}/hour`;
}
