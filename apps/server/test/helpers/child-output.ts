import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** Collects what a child process prints; read it at any time through the returned function. */
export function captureOutput(child: Pick<ChildProcessWithoutNullStreams, 'stdout' | 'stderr'>) {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return () => ({ stdout, stderr });
}
