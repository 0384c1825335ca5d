import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import type { Language } from '../../shared/i18n/languages';
import type { ErrorRef } from '../../shared/i18n/error-ids';
import { type ClientError, clientError, sayIn, serverFailure } from '../client-errors';
import { type AppDeps, type Context, createContext } from '../context';
import { createCaller } from '../routers/_app';
import { PAGE_MAX } from '../../shared/schemas/page';
import type { Limiters } from '../services/rate-limit';
import type { PdfFile } from '../payments/pdf-file';
import { refuse } from '../refusal';

export type Caller = ReturnType<typeof createCaller>;
export type RestEnv = { Variables: { caller: Caller; ctx: Context } };

/**
 * Gives each REST request the same tRPC caller (and context) a tRPC request gets, so the REST paths of
 * docs/product.md §7 run the very same procedures. Headers a procedure sets (cookies, Retry-After) are copied over.
 */
export function restContext(deps: AppDeps, limits: Limiters): MiddlewareHandler<RestEnv> {
  return async (c, next) => {
    const resHeaders = new Headers();
    const ctx = createContext(deps, limits, c, resHeaders);
    c.set('ctx', ctx);
    c.set('caller', createCaller(ctx));
    await next();
    resHeaders.forEach((value, key) => {
      if (key.toLowerCase() === 'set-cookie') return;
      c.res.headers.set(key, value);
    });
    for (const cookie of resHeaders.getSetCookie()) c.res.headers.append('Set-Cookie', cookie);
  };
}

/**
 * The JSON body, or a 400 that says what is wrong (an empty body is `{}`). Given the procedure it is for, the
 * body is typed as that procedure's input; it is not checked here: the procedure's own schema validates it and
 * refuses a wrong body with a 400 naming the fields, exactly as it does for a tRPC request.
 */
export async function readJson<I = unknown>(c: HonoContext, _procedure?: Procedure<I>): Promise<I> {
  const text = await c.req.text();
  if (!text.trim()) return {} as I;
  try {
    return JSON.parse(text) as I;
  } catch {
    throw refuse('BAD_REQUEST', 'error.invalidJson');
  }
}

/**
 * The JSON body as an object for `procedure`, whatever was sent: a body that is not an object is handed over
 * as `{ _: body }`, so the procedure's schema names each missing field rather than refusing the body whole.
 */
export async function readJsonObject<I>(c: HonoContext, _procedure: Procedure<I>): Promise<I> {
  const value: unknown = await readJson(c);
  return (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { _: value }) as I;
}

/**
 * Fields a path builds from its URL (path and query parameters), typed as `procedure`'s input. Like a body they
 * are not checked here: the procedure's schema refuses a missing or wrong one with a 400.
 */
export function urlInput<I>(_procedure: Procedure<I>, fields: Record<string, unknown>): I {
  return fields as I;
}

/** A procedure of the tRPC caller as a REST path calls it: one input, checked by the procedure. */
type Procedure<I> = (input: I) => Promise<unknown>;

/**
 * A PDF download: the bytes, named, never sniffed or cached (receipts, statements and sign-in sheets are
 * personal records). The procedure decided who may have it.
 */
export function pdfResponse(c: HonoContext, file: PdfFile): Response {
  return c.body(Buffer.from(file.contentBase64, 'base64'), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
}

export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/**
 * The header that carries a refusal's id and values beside the documented `{ message, errors? }` body (ADR 069):
 * URI-encoded JSON `{ messageId, values, fieldErrorIds? }`, which a page's script reads to say the refusal in its
 * reader's language (client/pages/form-fields.ts).
 */
export const MESSAGE_IDS_HEADER = 'X-Message-Ids';

export function messageIdsHeader(said: Omit<ClientError, 'message' | 'fieldErrors'>): Record<string, string> {
  const { messageId, values, fieldErrorIds } = said;
  return {
    [MESSAGE_IDS_HEADER]: encodeURIComponent(JSON.stringify(fieldErrorIds ? { messageId, values, fieldErrorIds } : { messageId, values })),
  };
}

/** A refusal the app answers itself (not found, too large): its sentence in `language`, its id in the header. */
export function refusalAnswer(ref: ErrorRef, language: Language = 'en'): { body: ErrorBody; headers: Record<string, string> } {
  return {
    body: { message: sayIn(language, ref) },
    headers: messageIdsHeader({ messageId: ref.id, values: ref.values, fieldErrorIds: null }),
  };
}

/**
 * Turns any thrown error into the documented status and a `{ message, errors? }` body, in `language` (the
 * signed-in parent's: parents/preferences.ts callerLanguage; English for everyone else), and the header with its
 * id and values.
 */
export function errorResponse(
  err: unknown,
  language: Language = 'en',
): { status: number; body: ErrorBody; headers: Record<string, string> } {
  const answer = (status: number, { message, fieldErrors, ...said }: ClientError) => ({
    status,
    body: fieldErrors ? { message, errors: fieldErrors } : { message },
    headers: messageIdsHeader(said),
  });
  if (err instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(err);
    if (status >= 500) return answer(500, serverFailure(language));
    return answer(err.cause instanceof ZodError ? 400 : status, clientError(err, language));
  }
  // Hono's own refusals (a body it could not parse): said as a request that could not be read.
  if (err instanceof HTTPException && err.status < 500)
    return answer(err.status, clientError(refuse('BAD_REQUEST', 'error.unreadable'), language));
  return answer(500, serverFailure(language));
}

/**
 * `?limit=&cursor=` of a list path (ADR 014). Without `limit` a REST caller gets the largest page (PAGE_MAX
 * rows), never the whole list; the procedure's schema refuses a bad limit or cursor with a 400.
 */
export function restPage(c: HonoContext): { limit: number; cursor: string | null } {
  const limit = c.req.query('limit');
  return { limit: limit === undefined ? PAGE_MAX : Number(limit), cursor: c.req.query('cursor') ?? null };
}

/**
 * A page as docs/product.md §7's list paths answer it: the JSON array of the rows, the next page's cursor in the
 * `X-Next-Cursor` header (absent on the last page).
 */
export function sendPage(c: HonoContext, page: { items: unknown[]; nextCursor: string | null }) {
  if (page.nextCursor) c.header('X-Next-Cursor', page.nextCursor);
  return c.json(page.items);
}
