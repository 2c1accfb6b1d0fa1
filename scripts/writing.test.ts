// Keeps the portal writing one way (docs/product.md#how-the-portal-writes): no en dash, 'e-mail' or 'Sign in' in
// any text the code holds, and dates and times formatted only by the domain's text formats. Every non-test source
// file of the three workspaces is parsed with the TypeScript compiler, so comments (which may say 'e-mail') are not
// read, and a string split over a template is still one text.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const projects = ['apps/web/tsconfig.json', 'packages/domain/tsconfig.json', 'apps/server/tsconfig.json'];
const sourceRoots = ['apps/web/src', 'packages/domain/src', 'apps/server/src'];
/** Where dates and times may be formatted with Intl: the domain's formats, and its zone arithmetic. */
const formatHomes = ['packages/domain/src/text/', 'packages/domain/src/schedule/dates.ts'];

/** Words and signs the portal does not write (common.md's conventions): each with what to write instead. */
const forbiddenTexts: { pattern: RegExp; instead: string }[] = [
  { pattern: /\u2013/, instead: "an en dash: write ranges with ' - ' (the domain's `range`)" },
  { pattern: /\be-mail/i, instead: "'e-mail': write 'email'" },
  { pattern: /\bsign in\b/i, instead: "'Sign in': write 'Log in'" },
];

/** Options of `toLocaleString` that make it format a date or time (numbers' options are fine). */
const dateOptions = new Set([
  'weekday',
  'era',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'timeZone',
  'timeZoneName',
  'dateStyle',
  'timeStyle',
  'hourCycle',
  'hour12',
  'dayPeriod',
  'fractionalSecondDigits',
]);

const textKinds = new Set<SyntaxKind>([
  SyntaxKind.StringLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TemplateHead,
  SyntaxKind.TemplateMiddle,
  SyntaxKind.TemplateTail,
  SyntaxKind.JsxText,
]);

function sourceFiles(): string[] {
  return sourceRoots.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
      .map((file) => join(root, folder, file)),
  );
}

function nameOf(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === SyntaxKind.Identifier || node.kind === SyntaxKind.StringLiteral) {
    return (node as Node & { text: string }).text;
  }
  return undefined;
}

/** What is wrong in one file, each 'path:line: what'. */
function findingsIn(file: SourceFile, path: string): string[] {
  const findings: string[] = [];
  const where = (node: Node) => `${path}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
  const formatsAllowed = formatHomes.some((home) => path.startsWith(home));

  const visit = (node: Node): void => {
    if (textKinds.has(node.kind)) {
      const text = (node as Node & { text: string }).text;
      for (const { pattern, instead } of forbiddenTexts) {
        if (pattern.test(text)) findings.push(`${where(node)}: ${instead}: ${JSON.stringify(text.trim())}`);
      }
    }
    if (!formatsAllowed && node.kind === SyntaxKind.PropertyAccessExpression) {
      const access = node as Node & { expression: Node; name: Node };
      const name = nameOf(access.name);
      if (nameOf(access.expression) === 'Intl' && name === 'DateTimeFormat') {
        findings.push(`${where(node)}: Intl.DateTimeFormat outside the domain's text formats`);
      }
      if (name === 'toLocaleDateString' || name === 'toLocaleTimeString') {
        findings.push(`${where(node)}: ${name} outside the domain's text formats`);
      }
    }
    if (!formatsAllowed && node.kind === SyntaxKind.CallExpression) {
      const call = node as Node & { expression: Node; arguments: readonly Node[] };
      const callee = call.expression as Node & { name?: Node };
      const options = call.arguments[1] as
        | (Node & { properties?: readonly (Node & { name?: Node })[] })
        | undefined;
      // Without options it may be a date's default format (or a number's thousands: the domain's `count`).
      if (
        callee.kind === SyntaxKind.PropertyAccessExpression &&
        nameOf(callee.name) === 'toLocaleString' &&
        (options?.kind !== SyntaxKind.ObjectLiteralExpression ||
          options.properties?.some((property) => dateOptions.has(nameOf(property.name) ?? '')))
      ) {
        findings.push(
          `${where(node)}: toLocaleString outside the domain's text formats (count, dates, times)`,
        );
      }
    }
    node.forEachChild(visit);
  };
  visit(file);
  return findings;
}

let api: API;
beforeAll(() => {
  api = new API({ cwd: root });
});
afterAll(() => api?.close());

describe('how the portal writes (docs/product.md#how-the-portal-writes)', () => {
  it('holds no en dash, e-mail or Sign in in its texts, and formats dates and times only in the domain', () => {
    const snapshot = api.updateSnapshot({ openProjects: projects.map((project) => join(root, project)) });
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const findings: string[] = [];
    for (const path of files) {
      const project = snapshot.getDefaultProjectForFile(path);
      const file = project?.program.getSourceFile(path);
      if (!file) {
        findings.push(`${relative(root, path)}: in none of ${projects.join(', ')}, so not checked`);
        continue;
      }
      findings.push(...findingsIn(file, relative(root, path)));
    }
    // Each finding names file:line and what to write instead.
    expect(findings.join('\n'), 'Write as docs/product.md#how-the-portal-writes says').toBe('');
  }, 60_000);
});
