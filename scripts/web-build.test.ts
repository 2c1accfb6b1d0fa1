import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webBuildIsCurrent, webBuildOutputs } from './web-build.ts';

let root: string;

function write(path: string, secondsAgo: number): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, path);
  const at = new Date(Date.now() - secondsAgo * 1000);
  // Creating the file touched every folder above it: age those too, as a checkout would have them.
  for (let path = file; path !== root; path = dirname(path)) utimesSync(path, at, at);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'portal-web-build-'));
  write('apps/web/src/app/main.tsx', 300);
  write('packages/domain/src/index.ts', 300);
  write('apps/web/index.html', 300);
});
/** A whole build, `secondsAgo`. */
function build(secondsAgo: number): void {
  for (const output of webBuildOutputs) write(output, secondsAgo);
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('webBuildIsCurrent (npm start rebuilds when false)', () => {
  it('is false when there is no build', () => {
    expect(webBuildIsCurrent(root)).toBe(false);
  });

  it('is true when the build is newer than every source', () => {
    build(60);
    expect(webBuildIsCurrent(root)).toBe(true);
  });

  it('is false when the build has no first paint renderer (built before there was one)', () => {
    write('apps/web/dist/index.html', 60);
    expect(webBuildIsCurrent(root)).toBe(false);
  });

  it('is false when a web source changed after the build, however deep', () => {
    build(60);
    write('apps/web/src/app/main.tsx', 10);
    expect(webBuildIsCurrent(root)).toBe(false);
  });

  it('is false when the shared domain package changed after the build', () => {
    build(60);
    write('packages/domain/src/routes.ts', 10);
    expect(webBuildIsCurrent(root)).toBe(false);
  });
});
