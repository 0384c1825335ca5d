/**
 * What a V8 heap snapshot (.heapsnapshot, as `node --heapsnapshot-signal` writes it) holds, summed by the size of
 * each object itself (not what it keeps alive): by kind (code, strings, objects, arrays...) and the largest
 * constructors and native kinds. Used by `bench:api --heap-snapshot`; on its own:
 *
 *   npx tsx scripts/heap-summary.ts <file.heapsnapshot> [--top 30]
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapSummary {
  total: number;
  byKind: [string, number][];
  /** [kind:name, bytes, count], largest first. */
  byName: [string, number, number][];
}

export function summarizeHeapSnapshot(file: string): HeapSummary {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const kinds = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const kindAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const byKind = new Map<string, number>();
  const byName = new Map<string, [number, number]>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const kind = kinds[snap.nodes[i + kindAt]!]!;
    const size = snap.nodes[i + sizeAt]!;
    total += size;
    byKind.set(kind, (byKind.get(kind) ?? 0) + size);
    // Strings and numbers are named by their value: summed by kind only.
    const named = ['object', 'native', 'hidden', 'code', 'array', 'closure'].includes(kind);
    const name = named ? `${kind}: ${snap.strings[snap.nodes[i + nameAt]!]!.slice(0, 70)}` : kind;
    const sum = byName.get(name) ?? [0, 0];
    sum[0] += size;
    sum[1]++;
    byName.set(name, sum);
  }
  return {
    total,
    byKind: [...byKind].sort((a, b) => b[1] - a[1]),
    byName: [...byName].map(([name, [size, count]]) => [name, size, count] as [string, number, number]).sort((a, b) => b[1] - a[1]),
  };
}

export function printHeapSummary(file: string, top = 30): void {
  const summary = summarizeHeapSnapshot(file);
  const mib = (bytes: number) => (bytes / 1048576).toFixed(1).padStart(8);
  console.log(`\nheap snapshot ${file}: ${mib(summary.total).trim()} MiB of live objects (self sizes); by kind:`);
  for (const [kind, size] of summary.byKind) if (size >= 1024 * 1024) console.log(`  ${kind.padEnd(28)}${mib(size)}`);
  console.log(`the ${top} largest by constructor or kind (MiB, count):`);
  for (const [name, size, count] of summary.byName.slice(0, top)) console.log(`  ${mib(size)}${String(count).padStart(9)}  ${name}`);
}

if (import.meta.filename === process.argv[1]) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx scripts/heap-summary.ts <file.heapsnapshot> [--top 30]');
  const i = process.argv.indexOf('--top');
  printHeapSummary(file, i > 0 ? Number(process.argv[i + 1]) : 30);
}
