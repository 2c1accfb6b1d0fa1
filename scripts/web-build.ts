// Whether the web app's build is current: present, and newer than every source it is built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce(
    (newest, entry) => Math.max(newest, statSync(join(path, entry)).mtimeMs),
    stats.mtimeMs,
  );
}

/** What `npm run build -w @portal/web` writes: the app, and the renderer of its first paint (docs/decisions/037). */
export const webBuildOutputs = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-first-paint.js'];

export function webBuildIsCurrent(root: string): boolean {
  const outputs = webBuildOutputs.map((output) => join(root, output));
  if (!outputs.every((output) => existsSync(output))) return false;
  const builtAt = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return webSources.every((source) => newestChange(join(root, source)) <= builtAt);
}
