// The export's file name and the names its zip gives the booking documents: safe on every system.
import { describe, expect, it } from 'vitest';
import { archivePath, dataExportFilename, dataExportQuerySchema, safeArchiveName } from '../../src/index.ts';

describe('the export’s file', () => {
  it('is named for the firm and the day', () => {
    expect(dataExportFilename('2026-11-28', 'json')).toBe('ot-consulting-data-2026-11-28.json');
    expect(dataExportFilename('2026-11-28', 'zip')).toBe('ot-consulting-data-2026-11-28.zip');
  });

  it('takes json or zip, and names any other format', () => {
    expect(dataExportQuerySchema.safeParse({}).success).toBe(true);
    expect(dataExportQuerySchema.safeParse({ format: 'zip' }).success).toBe(true);
    const refused = dataExportQuerySchema.safeParse({ format: 'tar' });
    expect(refused.error?.issues[0]?.message).toBe("Unknown format 'tar': ask for json or zip.");
  });
});

describe('a document’s name in the zip', () => {
  it('keeps a plain name as it is, under its booking and id', () => {
    expect(archivePath(12, 345, 'Statement of work.pdf')).toBe('files/12/345-Statement of work.pdf');
    expect(safeArchiveName('Résumé, final draft.docx')).toBe('Résumé, final draft.docx'.normalize('NFC'));
  });

  it('replaces separators, what Windows refuses and invisible characters', () => {
    expect(safeArchiveName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeArchiveName('a\\b:c*d?e"f<g>h|i.txt')).toBe('a_b_c_d_e_f_g_h_i.txt');
    expect(safeArchiveName('invoice\u202Efdp.exe')).toBe('invoice_fdp.exe');
    expect(safeArchiveName('tab\there\n.txt')).toBe('tab_here_.txt');
  });

  it('trims dots and spaces at the ends, and never leaves a device name or nothing', () => {
    expect(safeArchiveName(' notes.txt. ')).toBe('notes.txt');
    expect(safeArchiveName('CON.txt')).toBe('_CON.txt');
    expect(safeArchiveName('lpt1')).toBe('_lpt1');
    expect(safeArchiveName('...')).toBe('file');
  });

  it('cuts a long name to 100 characters, keeping its extension', () => {
    const name = `${'a'.repeat(300)}.pdf`;
    const safe = safeArchiveName(name);
    expect([...safe]).toHaveLength(100);
    expect(safe.endsWith('.pdf')).toBe(true);
    expect([...safeArchiveName('é'.repeat(150))]).toHaveLength(100);
  });
});
