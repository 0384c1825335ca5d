import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF, pages joined, whitespace runs made single spaces: what a reader (or a test) sees. */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  // pdf.js takes ownership of the buffer it reads; give it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The attachments of a raw MIME message (base64 parts), by file name. */
export function mimeAttachments(raw: string): { filename: string; contentType: string; content: Buffer }[] {
  const out: { filename: string; contentType: string; content: Buffer }[] = [];
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  for (const part of parts) {
    const [head, ...body] = part.split(/\r?\n\r?\n/);
    if (!head || !/Content-Disposition:\s*attachment/i.test(head)) continue;
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '';
    const contentType = /Content-Type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? '';
    out.push({ filename, contentType, content: Buffer.from(body.join('\n').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64') });
  }
  return out;
}
