// The export's CSV writer: quoting, and cells a spreadsheet would run as a formula defused.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  csvWriter,
  type ExportRecord,
  exportColumns,
} from '../../src/modules/admin/admin-bookings.service.ts';

async function write(cells: Partial<ExportRecord>[]): Promise<string> {
  const writer = csvWriter();
  const chunks: Buffer[] = [];
  writer.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    writer.on('end', resolve);
    writer.on('error', reject);
  });
  for (const record of cells) writer.write(record);
  writer.end();
  await done;
  return Buffer.concat(chunks).toString('utf8');
}

/** How a spreadsheet set to another separator reads a line: split on it outside quotes only. */
function quoteAwareSplit(line: string, separator: string): string[] {
  const cells = [''];
  let quoted = false;
  for (const character of line) {
    if (character === '"') quoted = !quoted;
    if (character === separator && !quoted) cells.push('');
    else cells[cells.length - 1] += character;
  }
  return cells;
}

describe('csvWriter', () => {
  it('starts with a BOM and the header row, in the columns order', async () => {
    const text = await write([]);
    expect(text).toBe(`\uFEFF${exportColumns.map((column) => `"${column}"`).join(',')}\r\n`);
  });

  it('quotes every field, empty ones included', async () => {
    const text = await write([{ confirmation_code: 'OT-2030-001', total_cost: 150, additional_notes: '' }]);
    const [, row] = text.split('\r\n');
    expect(row?.split(',').every((field) => /^".*"$/.test(field))).toBe(true);
    expect(row).toContain('"OT-2030-001"');
    expect(row).toContain('"150"');
    expect(row).toContain('""');
  });

  it('leaves no formula to a spreadsheet that splits cells on ";" or a tab', async () => {
    const text = await write([
      { project_description: 'safe;=HYPERLINK("http://evil.example")', additional_notes: 'a\t+1+1;@SUM(A1)' },
    ]);
    for (const separator of [';', '\t']) {
      for (const line of text.split('\r\n').slice(1, -1)) {
        for (const cell of quoteAwareSplit(line, separator)) {
          expect(cell.replace(/^"/, ''), `${JSON.stringify(separator)}: ${cell}`).not.toMatch(/^[=+\-@]/);
        }
      }
    }
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['plain text', 'plain text'],
    ['a = b', 'a = b'],
  ])('writes the cell %j so that it reads back as %j', async (cell, expected) => {
    const text = await write([{ project_description: cell, total_cost: -5 }]);
    const [record] = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(record?.project_description).toBe(expected);
    // A number is a number, not a formula.
    expect(record?.total_cost).toBe('-5');
  });

  it('ends every record with CRLF, as RFC 4180 has it, line breaks inside a cell kept as they are', async () => {
    const text = await write([
      { confirmation_code: 'OT-2030-001', project_description: 'one\ntwo' },
      { confirmation_code: 'OT-2030-002' },
    ]);
    // A strict reader: CRLF only between records, quotes only around whole fields, every record as wide.
    const records: string[][] = parse(text, {
      bom: true,
      record_delimiter: '\r\n',
      relax_quotes: false,
      relax_column_count: false,
    });
    expect(records.map((record) => record[0])).toEqual(['confirmation_code', 'OT-2030-001', 'OT-2030-002']);
    expect(records[1]?.[exportColumns.indexOf('project_description')]).toBe('one\ntwo');
    expect(text.endsWith('"\r\n')).toBe(true);
    expect(text.replace(/"[^"]*"/g, '').replace(/,/g, '')).toMatch(/^\uFEFF(\r\n)+$/);
  });

  it('quotes commas, quotes and line breaks so that every cell reads back whole', async () => {
    const nasty = 'He said "hi", then\r\nleft; a second line\nand a third';
    const text = await write([{ project_description: nasty, additional_notes: 'a,b' }]);
    expect(text).toContain('"He said ""hi"", then\r\nleft; a second line\nand a third"');
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(1);
    expect(records[0]?.project_description).toBe(nasty);
    expect(records[0]?.additional_notes).toBe('a,b');
  });
});
