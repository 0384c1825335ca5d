import { type ChangeEvent, useId } from 'react';
import { trpcClient } from '~/client/lib/trpc';
import { FILE_INPUT } from '~/client/components/ui/button-class';

/** The files a signed paper form's scan may be: what the private-document pipeline types by its bytes. */
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic,image/heif,.pdf,.jpg,.jpeg,.png,.heic';

/** Sends one file through the private-document pipeline: an upload URL from the server, then the bytes by PUT. */
export async function uploadScan(file: File): Promise<string> {
  const { uploadURL } = await trpcClient.communications.createUpload.mutate();
  const res = await fetch(uploadURL, { method: 'PUT', body: file, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${res.status}`);
  }
  return uploadURL;
}

/**
 * The file input of a paper form's scan, labelled, with the server's message under it when it refused the file. The
 * staff dialogs that file a scan (the health record's, a paper medication request's) share it; `resetKey` empties it.
 */
export function ScanFileInput({
  label,
  error,
  resetKey,
  onChange,
}: {
  label: string;
  error?: string | null;
  resetKey?: number;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        key={resetKey}
        id={id}
        type="file"
        accept={ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.files?.[0] ?? null)}
        className={FILE_INPUT}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
