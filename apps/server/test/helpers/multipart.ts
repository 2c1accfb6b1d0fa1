// Multipart bodies written byte by byte, as a browser's FormData is sent, and small real documents to put in them:
// a PDF, a PNG, a DOCX (a ZIP written here: no ZIP library is a dependency), a legacy Word file's container.
import { crc32 } from 'node:zlib';

export interface FormPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  /** The part's Content-Type header (what the browser declares; the server ignores it for files). */
  type?: string;
  content: Uint8Array | string;
}

export const testBoundary = '----PortalTestBoundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body of these parts, and its Content-Type header. */
export function multipartBody(parts: FormPart[], boundary = testBoundary): { body: Buffer; type: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (part.type !== undefined) headers.push(`Content-Type: ${part.type}`);
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`));
    chunks.push(Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** One file in the `file` part. */
export function fileForm(filename: string, content: Uint8Array | string, type = 'application/octet-stream') {
  return multipartBody([{ name: 'file', filename, type, content }]);
}

/** The smallest PDF file-type recognises: its header, an object and the end. */
export const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** A 1×1 PNG: the signature and its IHDR chunk (with its CRC). */
export const minimalPng = (() => {
  const ihdr = Buffer.concat([Buffer.from('IHDR'), Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(ihdr));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, ihdr, crc]);
})();

/** A ZIP of these entries, stored (not compressed), with a central directory. */
export function zipOf(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Word document as Office writes its package: the content types, the relationships and the body. */
export const minimalDocx = zipOf([
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  ],
  [
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Statement of work</w:t></w:r></w:p></w:body></w:document>',
  ],
]);

/**
 * The start of a Word 97-2003 file: a Compound File Binary header, then a directory sector naming its
 * WordDocument stream (UTF-16LE, as the format writes names). Enough for the recognition, which is all it is for.
 */
export const legacyWordContainer = (() => {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  const directory = Buffer.alloc(512);
  Buffer.from('Root Entry', 'utf16le').copy(directory, 0);
  Buffer.from('WordDocument', 'utf16le').copy(directory, 128);
  return Buffer.concat([header, directory]);
})();

/** The first bytes of a Linux program: never a document, whatever its name says. */
export const elfProgram = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.alloc(56),
  Buffer.from('/lib64/ld-linux-x86-64.so.2\u0000'),
]);
