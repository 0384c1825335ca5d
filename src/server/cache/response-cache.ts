/**
 * The response cache (ADR 017): the one middleware that answers a request from memory. Only the access log runs
 * before it (app.ts; a test holds the order), so an answer it sends carries exactly the headers the rest of the
 * pipeline gave the first request with the same key.
 *
 * Which requests: a GET of a read or page declared in registry.ts, with no body, no header sent twice, and a
 * query holding only what the read declares and no cursor. Keyed on: the read and its declared parameters
 * (normalized), the encodings the request accepts (normalized), the language if the read declares it, the
 * centre's day, and for a session's read the session the normal sign-in check found (its id; never the raw
 * Cookie or Authorization text). An "everyone" answer is only ever sent to a request with no session at all.
 * Only a 200 that sets no cookie is stored in the response cache; a write anywhere empties the store (store.ts).
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import superjson from 'superjson';
import { centreDateOf } from '../../shared/centre-time';
import { type AppDeps, requestAuth } from '../context';
import { type CachedRead, CURSOR, type InputShape, pageOfPath, readOfProcedure, readOfRestPath, type Whose } from './registry';
import { type CacheStore, cacheStore, seeOtherWriters, type StoredAnswer } from './store';

/** How the bytes travel on this connection, not what the answer is: never copied into a cached answer. */
const FRAMING_HEADERS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);
/** What a 304 leaves out of the answer it stands for. */
const BODY_HEADERS: ReadonlySet<string> = new Set(['content-type', 'content-encoding', 'content-length']);
const TRPC_PREFIX = '/api/trpc/';
const MINUTE = 60_000;
const MAX_ID_LENGTH = 64;

/** What a request asks for, as far as the cache is concerned: whose answer, and its declared parts. */
interface Asked {
  whose: Whose;
  part: string;
  /** The answer's language: a page's own (its address), 'query' for a read that takes `?lang=`, or null. */
  lang: 'en' | 'es' | 'query' | null;
  freshForMinute: boolean;
}

/** A request's query, or null if a parameter appears twice. */
function queryOf(search: string): Map<string, string> | null {
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(search)) {
    if (params.has(name)) return null;
    params.set(name, value);
  }
  return params;
}

/** The declared parameters, in their declared order; null if the query holds anything else, or a cursor. */
function declaredPart(params: Map<string, string>, declared: readonly string[]): string | null {
  if (params.has(CURSOR)) return null;
  for (const name of params.keys()) if (!declared.includes(name)) return null;
  return JSON.stringify(declared.map((name) => params.get(name) ?? null));
}

/** One procedure's tRPC input reduced to its declared fields; null when it holds more, a cursor, or a non-plain value. */
function normalizedInput(shape: InputShape, input: unknown): string | null {
  if (shape === 'none') return input === undefined || input === null ? '' : null;
  if (shape === 'id') return typeof input === 'string' && input.length <= MAX_ID_LENGTH ? JSON.stringify(input) : null;
  if (input === undefined || input === null) return '{}';
  if (typeof input !== 'object' || Array.isArray(input)) return null;
  const fields = input as Record<string, unknown>;
  const values: unknown[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (!shape.includes(name)) return null;
    if (value !== null && value !== undefined && !['string', 'number', 'boolean'].includes(typeof value)) return null;
    if (typeof value === 'string' && value.length > MAX_ID_LENGTH) return null;
  }
  if (fields[CURSOR] !== undefined && fields[CURSOR] !== null) return null;
  for (const name of shape) values.push(fields[name] === undefined ? '-' : fields[name]);
  return JSON.stringify(values);
}

/** A tRPC GET of declared reads that are all of one kind (everyone's, or one kind of session's). */
function askedOfTrpc(path: string, params: Map<string, string>): Asked | null {
  const names = path.slice(TRPC_PREFIX.length).split(',');
  const reads = names.map(readOfProcedure);
  if (reads.some((r) => r === undefined)) return null;
  const whose = reads[0]!.whose;
  if (reads.some((r) => r!.whose !== whose)) return null;
  for (const name of params.keys()) if (name !== 'batch' && name !== 'input') return null;
  const batch = params.get('batch');
  if (batch !== undefined && batch !== '1') return null;
  let raw: unknown;
  try {
    raw = params.has('input') ? JSON.parse(params.get('input')!) : undefined;
  } catch {
    return null;
  }
  const inputs: string[] = [];
  for (let i = 0; i < reads.length; i++) {
    const sent = batch ? (raw as Record<string, unknown> | undefined)?.[i] : raw;
    if (!batch && reads.length > 1) return null;
    let input: unknown;
    try {
      input = sent === undefined || sent === null ? undefined : superjson.deserialize(sent as never);
    } catch {
      return null;
    }
    const part = normalizedInput((reads[i] as CachedRead).input, input);
    if (part === null) return null;
    inputs.push(part);
  }
  if (batch && raw !== undefined && (typeof raw !== 'object' || raw === null || Object.keys(raw).length !== reads.length)) return null;
  return {
    whose,
    part: `trpc ${batch ? 'batch' : 'single'} ${names.join(',')} ${inputs.join(' ')}`,
    lang: reads.some((r) => r!.lang) ? 'query' : null,
    freshForMinute: false,
  };
}

function askedOf(path: string, params: Map<string, string>): Asked | null {
  if (path.startsWith(TRPC_PREFIX)) return askedOfTrpc(path, params);
  const read = readOfRestPath(path);
  if (read) {
    const part = declaredPart(params, [...(read.query ?? []), ...(read.lang ? ['lang'] : [])]);
    return part === null
      ? null
      : { whose: read.whose, part: `rest ${path} ${part}`, lang: read.lang ? 'query' : null, freshForMinute: false };
  }
  const page = pageOfPath(path);
  if (page) {
    const part = declaredPart(params, page.query ?? []);
    return part === null ? null : { whose: page.whose, part: `page ${path} ${part}`, lang: page.lang, freshForMinute: true };
  }
  return null;
}

/** node's request headers, lower-cased, or null if any header came twice (node and fetch would read it differently). */
function singleHeaders(raw: readonly string[]): Map<string, string> | null {
  const headers = new Map<string, string>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (headers.has(name)) return null;
    headers.set(name, raw[i + 1]!);
  }
  return headers;
}

const ENCODINGS = ['br', 'gzip', 'deflate', '*'];
const QUALITY = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/**
 * The weight Accept-Encoding gives each encoding the app can send (and `*`); null if a part is unreadable. Every
 * choice of encoding in the app is decided from these alone, so they are what the cache's key holds.
 */
export function encodingWeights(header: string | undefined): Map<string, number> | null {
  const weights = new Map<string, number>();
  for (const item of (header ?? '').split(',')) {
    const [token, ...params] = item.split(';').map((s) => s.trim().toLowerCase());
    if (!token) continue;
    let q = 1;
    for (const p of params) {
      if (!QUALITY.test(p)) return null;
      q = Number(p.slice(2));
    }
    if (ENCODINGS.includes(token)) weights.set(token, q);
  }
  return weights;
}

/** Whether `encoding` may be sent: its own weight, else the wildcard's. */
export function accepts(weights: Map<string, number>, encoding: string): boolean {
  return (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
}

/**
 * What the encoders here decide from Accept-Encoding, and nothing more: whether br, gzip and deflate may be sent,
 * and which of gzip and deflate Hono's compress() prefers (the higher weight; gzip on a tie). At most a dozen
 * values, however the header is written; null if it is unreadable.
 */
export function normalizedEncodings(header: string | undefined): string | null {
  const weights = encodingWeights(header);
  if (weights === null) return null;
  const weight = (e: string) => weights.get(e) ?? weights.get('*') ?? 0;
  const sendable = ['br', 'gzip', 'deflate'].filter((e) => weight(e) > 0);
  return `${sendable.join(',')}:${weight('deflate') > weight('gzip') ? 'deflate' : 'gzip'}`;
}

/**
 * The language of the answer, a part of its key: a page's is its address's (declared in registry.ts); a read that
 * takes `?lang=` has that one (English without it); null for anything else in it. Accept-Language is never read
 * (ADR 045): the same address is the same answer for everyone, whatever their browser asks for.
 */
function languageOf(asked: Asked, params: Map<string, string>): string | null {
  if (asked.lang === null) return '';
  if (asked.lang !== 'query') return asked.lang;
  const value = params.get('lang') ?? 'en';
  return value === 'en' || value === 'es' ? value : null;
}

/** Weak comparison (RFC 9110 13.1.2): W/"x" matches "x". */
function etagMatches(header: string, etag: string): boolean {
  const ours = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === ours;
  });
}

function sendStored(c: HonoContext, stored: StoredAnswer): Response {
  const etag = stored.headers.etag;
  const asked = c.req.header('if-none-match');
  if (etag && asked && etagMatches(asked, etag)) {
    const headers: Record<string, string> = {};
    for (const name in stored.headers) if (!BODY_HEADERS.has(name)) headers[name] = stored.headers[name]!;
    return new Response(null, { status: 304, headers });
  }
  return new Response(stored.body as Uint8Array<ArrayBuffer>, { status: stored.status, headers: stored.headers });
}

const answeredFromMemory = new WeakSet<HonoContext>();

/** Whether this request was answered from the response cache (the access log says so). */
export function fromCache(c: HonoContext): boolean {
  return answeredFromMemory.has(c);
}

/** The key of a cacheable request, and whose answer it keeps; null for a request the cache leaves alone. */
export function cacheKeyOf(deps: AppDeps, c: HonoContext): { key: string; owner: string | null; freshForMinute: boolean } | null {
  if (c.req.method !== 'GET') return null;
  // node's own request (serve() passes it); absent when the app is called directly, which is never cached.
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  const url = incoming?.url;
  if (!incoming || url === undefined || !url.startsWith('/')) return null;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  // Most requests are for nothing the registry holds: left alone before anything else is read.
  if (!path.startsWith(TRPC_PREFIX) && readOfRestPath(path) === undefined && pageOfPath(path) === undefined) return null;
  const params = queryOf(q === -1 ? '' : url.slice(q + 1));
  if (params === null) return null;
  const asked = askedOf(path, params);
  if (asked === null) return null;
  const headers = singleHeaders(incoming.rawHeaders);
  if (headers === null || headers.has('content-length') || headers.has('transfer-encoding')) return null;
  // tRPC answers a batch as a stream of JSON lines when asked: left to the full path, never cached.
  if (headers.has('trpc-accept') || /jsonl/i.test(headers.get('accept') ?? '')) return null;
  const encodings = normalizedEncodings(headers.get('accept-encoding'));
  if (encodings === null) return null;
  const lang = languageOf(asked, params);
  if (lang === null) return null;

  // The normal sign-in check, done once for the request (context.ts reuses it).
  const auth = requestAuth(deps, c).auth;
  let owner: string | null;
  if (asked.whose === 'everyone') {
    if (auth !== null) return null;
    owner = null;
  } else {
    const kind = asked.whose === 'parent-session' ? 'parent' : 'admin';
    if (auth?.kind !== kind || auth.refreshed) return null;
    owner = `${kind}:${auth.sessionId}`;
  }
  const day = centreDateOf(deps.clock.now());
  return {
    key: `answer\n${owner ?? 'everyone'}\n${day}\n${asked.part}\n${encodings}\n${lang}`,
    owner,
    freshForMinute: asked.freshForMinute,
  };
}

export function responseCache(deps: AppDeps): MiddlewareHandler {
  // Made on the first request (the route listing of the tests builds an app with no database).
  let madeStore: CacheStore | undefined;
  return async function answerFromCache(c, next) {
    const store = (madeStore ??= cacheStore(deps.db, deps.config.cacheBudgetBytes));
    // Commits by other processes count from this request on (store.ts).
    seeOtherWriters(deps.db);
    const cacheable = cacheKeyOf(deps, c);
    if (cacheable === null) return next();
    const { key, owner, freshForMinute } = cacheable;
    const now = deps.clock.now().getTime();
    const stored = store.get(key);
    if (stored?.kind === 'answer' && now < stored.until) {
      answeredFromMemory.add(c);
      return sendStored(c, stored);
    }

    const version = store.version();
    await next();
    const res = c.res;
    if (res.status !== 200 || res.headers.has('set-cookie') || res.body === null) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const [name, value] of res.headers) if (!FRAMING_HEADERS.has(name)) headers[name] = value;
    // The body was read: the answer goes from the copy, exactly as a later request gets it. (Unset first, or
    // Hono would copy the old answer's framing headers onto the new one.)
    c.res = undefined;
    c.res = new Response(body, { status: 200, headers });
    let headerBytes = 0;
    for (const name in headers) headerBytes += name.length + headers[name]!.length;
    store.setAnswer(key, version, {
      kind: 'answer',
      status: 200,
      headers,
      body,
      until: freshForMinute ? (Math.floor(now / MINUTE) + 1) * MINUTE : Number.POSITIVE_INFINITY,
      owner,
      size: body.byteLength + 2 * (headerBytes + key.length) + 256,
    });
  };
}
