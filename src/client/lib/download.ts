/**
 * Downloads a file the server makes (a receipt or statement PDF) and saves it under the server's name. Fetched
 * rather than linked so that a refusal (no payments that year, a session that ended) becomes a message the
 * page can show, instead of a saved file holding an error, and so a parent's bearer token can go along.
 */
export async function downloadFile(url: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(url, { credentials: 'include', headers });
  if (!res.ok) {
    let message = `HTTP error! status: ${res.status}`;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not JSON: keep the status.
    }
    throw new Error(message);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'document.pdf';
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start saving before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
