import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * The headers Node's fetch (undici) adds to every request, sent here too, so the server reads the same request
 * whichever client sent it: the response cache and compression see the same Accept-Encoding.
 */
const FETCH_DEFAULTS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

// A socket idle for 2 s is closed here before the server's keep-alive timeout (5 s) could close it under a request.
const agent = new Agent({ keepAlive: true, maxSockets: 16, timeout: 2000 });

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/**
 * One request over real HTTP through node:http, answered as a fetch `Response` (status, headers with every
 * Set-Cookie, the body decoded as fetch decodes it). For the files that send thousands of requests
 * (csrf.test.ts, robustness.test.ts): undici's fetch spends about twice node:http's CPU per request
 * (scripts/bench-http-client.mjs, docs/performance.md). Redirects are returned, never followed: the floods
 * expect a 4xx or 2xx, and a 3xx shows as what it is. A body is a string or bytes; use fetch for FormData.
 */
export function httpRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...FETCH_DEFAULTS };
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
  // As fetch: the body's length, and 0 for a POST, PUT or PATCH without one (never a chunked body).
  const method = init.method ?? 'GET';
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  else if (method === 'POST' || method === 'PUT' || method === 'PATCH') headers['content-length'] = '0';
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const encoding = res.headers['content-encoding'];
        const list: [string, string][] = [];
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) list.push([name, v]);
        }
        const status = res.statusCode ?? 0;
        const empty = status === 204 || status === 205 || status === 304 || method === 'HEAD';
        try {
          resolve(new Response(empty ? null : new Uint8Array(decode(Buffer.concat(chunks), encoding)), { status, headers: list }));
        } catch (err) {
          reject(err as Error);
        }
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
