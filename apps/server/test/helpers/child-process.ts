import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The server's workspace: scripts are named relative to it (src/main.ts, src/cli/set-role.ts). */
export const serverDir = resolve(import.meta.dirname, '../..');

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

/**
 * Runs one of the server's scripts in a child process on this Node, with only PATH and `env` in its environment
 * (so nothing of the test runner's leaks in), and collects its output.
 */
export function spawnServerScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, output: captureOutput(child) };
}
