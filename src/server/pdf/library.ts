/**
 * The one door to the PDF library (jspdf): loaded on the first PDF, never at start, so a centre's idle process
 * does not hold it (ADR 091; what it costs: docs/performance.md). Every PDF is drawn on a document from
 * `newPdfDocument`, once `loadPdfLibrary()` has resolved: `inBuildSlot` (services/rate-limit.ts), the gate every
 * PDF passes (ADR 068), awaits it before the build runs, and a builder outside the gate awaits `withPdfLibrary`.
 * Elsewhere import only jspdf's types (`import type`); tests/unit/lazy-modules.test.ts holds every value import here.
 */
import type { jsPDF, jsPDFOptions } from 'jspdf';

export type PdfDocument = jsPDF;

let library: typeof jsPDF | null = null;
let loading: Promise<void> | null = null;

/** Loads jspdf once (a failed load is tried again next time). */
export function loadPdfLibrary(): Promise<void> {
  loading ??= import('jspdf').then(
    (m) => {
      library = m.jsPDF;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** A new PDF document. The library must be loaded (inside inBuildSlot, or withPdfLibrary): a programming error otherwise. */
export function newPdfDocument(options: jsPDFOptions): PdfDocument {
  if (!library) throw new Error('loadPdfLibrary() must resolve before newPdfDocument()');
  return new library(options);
}

/** `draw` run once the library is loaded: for a PDF built outside the build gate. */
export async function withPdfLibrary<T>(draw: () => T | Promise<T>): Promise<T> {
  await loadPdfLibrary();
  return draw();
}
