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

const utf8 = new TextDecoder();

/**
 * A fetch `Response` as httpRequest answers it, made only as far as a test reads it. The floods read a status and a
 * body thousands of times: this answers `status`, `ok`, `headers` (a real `Headers`, made on first read: every
 * Set-Cookie), `text()`, `json()`, `arrayBuffer()`, `bytes()` and `clone()` from the bytes it holds, as fetch's
 * Response does (a body is read once: a second read is refused, as fetch refuses it). Anything else a Response has
 * (`body`, `blob()`, `type`…) comes from a real one, made on first use from the same status, headers and bytes.
 * Its prototype is Response's, so `instanceof Response` holds.
 */
class Answer {
  readonly status: number;
  readonly statusText: string;
  readonly #list: [string, string][];
  readonly #bytes: Uint8Array | null;
  #headers: Headers | undefined;
  #used = false;
  #real: Response | undefined;

  constructor(status: number, statusText: string, list: [string, string][], bytes: Uint8Array | null) {
    this.status = status;
    this.statusText = statusText;
    this.#list = list;
    this.#bytes = bytes;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get headers(): Headers {
    return this.#real?.headers ?? (this.#headers ??= new Headers(this.#list));
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#real?.bodyUsed ?? false);
  }

  /** A real Response over the same answer: for what this one does not answer itself (its body read once in all). */
  real(): Response {
    return (this.#real ??= new Response(this.#bytes && new Uint8Array(this.#bytes), {
      status: this.status,
      headers: this.#headers ?? this.#list,
    }));
  }

  /** The body, once: from the real Response once one was made (its stream may have been read). */
  #read<T>(ours: (bytes: Uint8Array) => T, theirs: (real: Response) => Promise<T>): Promise<T> {
    if (this.bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    if (this.#real) return theirs(this.#real);
    this.#used = true;
    return Promise.resolve(ours(this.#bytes ?? new Uint8Array(0)));
  }

  text(): Promise<string> {
    return this.#read(
      (bytes) => utf8.decode(bytes),
      (real) => real.text(),
    );
  }

  json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown);
  }

  // A copy in an ArrayBuffer of its own: the bytes received may sit in a pooled buffer.
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#read(
      (bytes) => new Uint8Array(bytes),
      (real) => real.bytes(),
    );
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.bytes().then((bytes) => bytes.buffer);
  }

  clone(): Response {
    if (this.#real) return this.#real.clone();
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new Answer(this.status, this.statusText, this.#list, this.#bytes) as unknown as Response;
  }
}
Object.setPrototypeOf(Answer.prototype, Response.prototype);
// The rest of a Response, from a real one.
for (const name of ['body', 'type', 'url', 'redirected'] as const) {
  Object.defineProperty(Answer.prototype, name, {
    get(this: Answer) {
      return this.real()[name];
    },
  });
}
for (const name of ['blob', 'formData'] as const) {
  Object.defineProperty(Answer.prototype, name, {
    value(this: Answer) {
      return this.real()[name]();
    },
  });
}

/**
 * One request over real HTTP through node:http, answered as a fetch `Response` (status, headers with every
 * Set-Cookie, the body decoded as fetch decodes it). For the files that send thousands of requests
 * (csrf.test.ts, robustness.test.ts): undici's fetch spends about twice node:http's CPU per request
 * (scripts/bench-http-client.mjs, docs/performance.md), and the answer is an `Answer`, which makes no undici
 * Response unless a test asks for more than its status, headers and body. Redirects are returned, never
 * followed: the floods expect a 4xx or 2xx, and a 3xx shows as what it is. A body is a string or bytes; use
 * fetch for FormData.
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
          resolve(
            new Answer(
              status,
              res.statusMessage ?? '',
              list,
              empty ? null : decode(Buffer.concat(chunks), encoding),
            ) as unknown as Response,
          );
        } catch (err) {
          reject(err as Error);
        }
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
