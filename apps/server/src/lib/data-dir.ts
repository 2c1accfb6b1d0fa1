import { mkdirSync } from 'node:fs';

/** DATA_DIR (and a folder inside it), created readable by its owner only: it holds the database and secrets. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
}
