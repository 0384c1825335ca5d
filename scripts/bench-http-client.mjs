#!/usr/bin/env node
/**
 * What a test's request costs by client: Node's fetch (undici) against node:http, as tests/helpers/http-client.ts
 * sends it (fetch's default headers, a keep-alive agent, the answer made a `Response`). Both ask one Hono route on
 * @hono/node-server in this process, as the Vitest files ask their test server, for a 403 with a small JSON body
 * (what csrf.test.ts gets thousands of times). Prints the CPU (user + system) and wall time per request of each
 * run, alternated, then the median and spread (docs/performance.md, ADR 072).
 *
 *   node scripts/bench-http-client.mjs [--runs 5] [--requests 3000]
 */
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const runs = arg('--runs', 5);
const requests = arg('--requests', 3000);

const app = new Hono();
app.post('/x', (c) => c.json({ message: 'Cross-site request refused' }, 403));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const url = `http://127.0.0.1:${server.address().port}/x`;
const headers = { 'content-type': 'application/json', origin: 'https://evil.example' };

const agent = new Agent({ keepAlive: true, maxSockets: 16, timeout: 2000 });
const defaults = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};
const viaHttp = () =>
  new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...defaults, ...headers, 'content-length': '2' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const list = Object.entries(res.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]));
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: list }));
      });
    });
    req.on('error', reject);
    req.end('{}');
  });
const viaFetch = () => fetch(url, { method: 'POST', headers, body: '{}' });

async function measure(send) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const res = await send();
    await res.json();
    res.headers.getSetCookie();
  }
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000 / requests, wall: (performance.now() - started) / requests };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const results = { fetch: [], 'node:http': [] };
for (const send of [viaFetch, viaHttp]) for (let i = 0; i < 300; i++) await (await send()).json(); // warm both
for (let run = 1; run <= runs; run++) {
  for (const [name, send] of [
    ['fetch', viaFetch],
    ['node:http', viaHttp],
  ]) {
    const r = await measure(send);
    results[name].push(r);
    console.log(
      `run ${run} ${name.padEnd(9)} cpu ${r.cpu.toFixed(3)} ms/request, wall ${r.wall.toFixed(3)} ms, load ${loadavg()[0].toFixed(1)}`,
    );
  }
}
for (const [name, rs] of Object.entries(results)) {
  const cpu = rs.map((r) => r.cpu);
  console.log(
    `${name.padEnd(9)} cpu median ${median(cpu).toFixed(3)} ms/request (${Math.min(...cpu).toFixed(3)}-${Math.max(...cpu).toFixed(3)}), wall median ${median(rs.map((r) => r.wall)).toFixed(3)} ms`,
  );
}
server.close();
agent.destroy();
