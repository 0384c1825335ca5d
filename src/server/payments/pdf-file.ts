/** A PDF as a procedure answers it: base64 travels through tRPC's JSON; the REST paths send the bytes. */
export interface PdfFile {
  fileName: string;
  contentBase64: string;
}

export function pdfFile(fileName: string, bytes: Buffer): PdfFile {
  return { fileName, contentBase64: bytes.toString('base64') };
}
