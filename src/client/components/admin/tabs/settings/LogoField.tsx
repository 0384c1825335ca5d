import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { FILE_INPUT } from '~/client/components/ui/button-class';
import { tabText } from '../tab-words';

/** PUT /api/admin/centre/logo as multipart (tRPC carries JSON only); the server's message on failure. */
async function uploadLogo(file: File): Promise<void> {
  const body = new FormData();
  body.append('logo', file);
  const res = await fetch('/api/admin/centre/logo', { method: 'PUT', body, credentials: 'same-origin' });
  if (!res.ok) {
    const data = (await res.json().catch(() => null)) as { message?: string } | null;
    throw Object.assign(new Error(data?.message || tabText('staff.daily.httpStatus', { status: res.status })), {
      data: { httpStatus: res.status },
    });
  }
}

const refresh = () => void queryClient.invalidateQueries(trpc.centre.pathFilter());
const failed = (error: unknown) =>
  toast({
    title: tabText('staff.settings.logoFailed'),
    description: errorMessage(error, tabText('staff.tryAgain')),
    variant: 'destructive',
  });

/**
 * The Settings tab's logo (ADR 090): the current one, a file to upload in its place (the server types it by its
 * bytes, re-encodes it and limits its size: server/centre/logo.ts) and a way to remove it. Saved at once, apart from
 * the form's other fields.
 */
export function LogoField({ logo }: { logo: string | null }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: () => {
      setFile(null);
      toast({ title: tabText('staff.settings.logoSaved') });
      refresh();
    },
    onError: failed,
  });
  const remove = useMutation(trpc.centre.removeLogo.mutationOptions({ onSuccess: refresh, onError: failed }));
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 font-semibold text-stone-900">{tabText('staff.settings.logo')}</legend>
      {logo ? (
        <img src={logo} alt={tabText('staff.settings.logoAlt')} className="h-16 w-auto self-start rounded border border-stone-200" />
      ) : (
        <p className="text-sm text-stone-600">{tabText('staff.settings.noLogo')}</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex w-full flex-col gap-1 text-sm font-medium text-stone-800">
          {tabText('staff.settings.logoFile')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className={FILE_INPUT}
          />
        </label>
        <Button variant="outline" isDisabled={!file || upload.isPending} onPress={() => file && upload.mutate(file)}>
          {tabText('staff.settings.logoUpload')}
        </Button>
        {logo && (
          <Button variant="outline" isDisabled={remove.isPending} onPress={() => remove.mutate()}>
            {tabText('staff.settings.logoRemove')}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
