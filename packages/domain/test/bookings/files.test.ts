import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptedFileTypes,
  claimedFileKind,
  fileInputAccept,
  fileSizeText,
  maxFileNameLength,
  nameDisagreesWithContent,
  sanitizeFileName,
  storedFileName,
  uploaderText,
} from '../../src/index.ts';

describe("a document's name", () => {
  it('keeps the last part of a path, without control or format characters, trimmed', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\fakepath\\Quote 2030.pdf')).toBe('Quote 2030.pdf');
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('  tab\tand\u0000nul.txt  ')).toBe('tabandnul.txt');
    expect(sanitizeFileName('Re\u0301sume\u0301.pdf')).toBe('Résumé.pdf');
    expect(sanitizeFileName('...hidden.')).toBe('hidden');
    expect(sanitizeFileName('half \ud83d.pdf')).toBe('half \ufffd.pdf');
    expect(sanitizeFileName('')).toBe('document');
    expect(sanitizeFileName('/')).toBe('document');
  });

  it(`is at most ${maxFileNameLength} characters, cut before its extension`, () => {
    const long = sanitizeFileName(`${'é'.repeat(300)}.docx`);
    expect([...long]).toHaveLength(maxFileNameLength);
    expect(long.endsWith('.docx')).toBe(true);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (name) => {
        const kept = sanitizeFileName(name);
        expect([...kept].length).toBeLessThanOrEqual(maxFileNameLength);
        expect(kept).not.toMatch(/[\p{Cc}\p{Cf}/\\]/u);
        expect(kept.isWellFormed()).toBe(true);
        expect(kept.length).toBeGreaterThan(0);
      }),
    );
  });

  it("ends in an extension of its kind: one is added when it has none of the kind's", () => {
    expect(storedFileName('scan', 'png')).toBe('scan.png');
    expect(storedFileName('photo.JPEG', 'jpeg')).toBe('photo.JPEG');
    expect(storedFileName('invoicefdp.exe', 'pdf')).toBe('invoicefdp.exe.pdf');
    expect(storedFileName('notes.md', 'text')).toBe('notes.md');
    expect(storedFileName(`${'x'.repeat(250)}`, 'pdf')).toMatch(/^x{196}\.pdf$/);
  });

  it('disagrees with the content when its extension claims another accepted kind (text being text)', () => {
    expect(claimedFileKind('Report.PDF')).toBe('pdf');
    expect(claimedFileKind('archive.tar.gz')).toBeUndefined();
    expect(nameDisagreesWithContent('notes.pdf', 'text')).toBe(true);
    expect(nameDisagreesWithContent('scan.pdf', 'png')).toBe(true);
    expect(nameDisagreesWithContent('figures.txt', 'csv')).toBe(false);
    expect(nameDisagreesWithContent('program.exe', 'text')).toBe(false);
    expect(nameDisagreesWithContent('scan', 'png')).toBe(false);
  });
});

describe('the accepted kinds', () => {
  it('are offered by the file input by extension and type, and nothing that runs in a page', () => {
    for (const { mime, extensions } of Object.values(acceptedFileTypes)) {
      expect(fileInputAccept.split(',')).toContain(mime);
      for (const extension of extensions) expect(fileInputAccept.split(',')).toContain(`.${extension}`);
    }
    expect(fileInputAccept).not.toMatch(/html|svg|javascript|[./]xml\b/);
  });
});

describe('sizes and uploaders in words', () => {
  it('writes sizes as people read them', () => {
    expect(fileSizeText(1)).toBe('1 byte');
    expect(fileSizeText(512)).toBe('512 bytes');
    expect(fileSizeText(24_576)).toBe('24 KB');
    expect(fileSizeText(1_572_864)).toBe('1.5 MB');
    expect(fileSizeText(10 * 1024 * 1024)).toBe('10 MB');
  });

  it('names who attached a document from the reader’s side', () => {
    expect(uploaderText({ name: 'Jane Doe', side: 'client', is_you: true })).toBe('You');
    expect(uploaderText({ name: 'Maya Thompson', side: 'firm', is_you: false })).toBe(
      'Maya Thompson (the firm)',
    );
    expect(uploaderText({ name: 'Jane Doe', side: 'client', is_you: false })).toBe('Jane Doe (the client)');
    expect(uploaderText({ name: null, side: 'firm', is_you: false })).toBe('The firm');
  });
});
