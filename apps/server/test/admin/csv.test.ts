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

describe('csvWriter', () => {
  it('starts with a BOM and the header row, in the columns order', async () => {
    const text = await write([]);
    expect(text).toBe(`\uFEFF${exportColumns.join(',')}\n`);
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
