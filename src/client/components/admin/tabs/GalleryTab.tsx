import { useMutation, useQuery } from '@tanstack/react-query';
import { ImagePlus, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { GALLERY_CATEGORIES, MAX_UPLOAD_BYTES } from '~/shared/constants';
import { fieldMessages } from '~/shared/schemas/fields';
import { pictureFieldsSchema } from '~/shared/schemas/gallery';
import { formatDate } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc, type RouterOutputs } from '~/client/lib/trpc';
import { categoryLabel } from '../../events/categories';
import { pictureSources } from '../../gallery/picture-sources';
import { ResponsiveImage } from '../../gallery/ResponsiveImage';
import { Button } from '../../ui/Button';
import { FILE_INPUT } from '../../ui/button-class';
import { Badge, Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { ListState, PanelHeader } from '../PanelHeader';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { tabText } from './tab-words';

type AdminPicture = RouterOutputs['pictures']['list'][number];

/** The card grid below: one, two, then three columns; for the browser's choice in `srcset`. */
const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

const CATEGORY_OPTIONS = GALLERY_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));

function formatSize(bytes: number): string {
  if (bytes < 1024) return tabText('staff.gallery.bytes', { size: String(bytes) });
  if (bytes < 1024 * 1024) return tabText('staff.gallery.kilobytes', { size: String(Math.round(bytes / 1024)) });
  return tabText('staff.gallery.megabytes', { size: (bytes / (1024 * 1024)).toFixed(1) });
}

function refreshGallery() {
  void queryClient.invalidateQueries(trpc.pictures.pathFilter());
  void queryClient.invalidateQueries(trpc.gallery.pathFilter());
}

/** POST /api/admin/pictures as multipart (tRPC carries JSON only); the server's message on failure. */
async function uploadPicture(body: FormData): Promise<AdminPicture> {
  const res = await fetch('/api/admin/pictures', { method: 'POST', body, credentials: 'same-origin' });
  const data = (await res.json().catch(() => null)) as { message?: string } | null;
  // `data.httpStatus` as on a tRPC error, so a 401 here also ends the session (lib/trpc.ts).
  if (!res.ok)
    throw Object.assign(new Error(data?.message || res.statusText || tabText('staff.daily.httpStatus', { status: res.status })), {
      data: { httpStatus: res.status },
    });
  return data as AdminPicture;
}

/** Gallery tab (docs/product.md §2): upload form and the picture grid with delete. */
export default function GalleryTab() {
  const pictures = useQuery({ ...trpc.pictures.list.queryOptions(), staleTime: 0 });
  const deletion = useConfirmedDelete({
    mutation: trpc.pictures.delete.mutationOptions(),
    title: tabText('staff.gallery.deleteTitle'),
    message: tabText('staff.gallery.deleteAsk'),
    success: () => ({ title: tabText('staff.gallery.deleted'), description: tabText('staff.gallery.deletedText') }),
    failure: (error) => ({ title: tabText('staff.gallery.deleteFailed'), description: errorMessage(error, tabText('staff.tryAgain')) }),
    onDeleted: refreshGallery,
  });
  const list = pictures.data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <UploadCard />
      <section aria-labelledby="gallery-tab-heading">
        <PanelHeader
          id="gallery-tab-heading"
          title={tabText('staff.gallery.title')}
          count={pictures.data ? list.length : undefined}
          description={tabText('staff.gallery.description')}
        />
        <ListState
          isPending={pictures.isPending}
          error={pictures.error}
          isEmpty={list.length === 0}
          empty={tabText('staff.gallery.empty')}
        />
        {list.length > 0 && (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={tabText('staff.gallery.list')}>
            {list.map((p) => (
              <li key={p.id}>
                <Card className="flex h-full flex-col overflow-hidden">
                  <ResponsiveImage
                    image={pictureSources(p)}
                    alt={p.alt}
                    sizes={CARD_SIZES}
                    className="aspect-[4/3] w-full bg-stone-100 object-cover"
                  />
                  <div className="flex flex-1 flex-col gap-2 p-3">
                    <div className="flex items-start justify-between gap-2">
                      <p className="min-w-0 font-medium break-words text-stone-900">
                        {p.caption || <span className="text-stone-500 italic">{tabText('staff.gallery.noCaption')}</span>}
                      </p>
                      <Badge tone="brand" className="shrink-0">
                        {categoryLabel(p.category)}
                      </Badge>
                    </div>
                    <p className="truncate text-xs text-stone-500" title={p.originalName}>
                      {p.originalName} · {formatSize(p.fileSize)} · {formatDate(p.uploadedAt)}
                    </p>
                    <Button
                      variant="outline"
                      size="sm"
                      onPress={() => deletion.request(p)}
                      aria-label={tabText('staff.gallery.deleteItem', { name: p.caption || p.originalName })}
                      className="mt-auto self-end text-red-700"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {tabText('staff.delete')}
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      {deletion.dialog}
    </div>
  );
}

function UploadCard() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState<string>('general');
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A new key empties the native file input after an upload.
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({ mutationFn: uploadPicture });

  function choose(e: ChangeEvent<HTMLInputElement>) {
    setFile(e.target.files?.[0] ?? null);
  }

  /**
   * The file's type is not checked here: the browser guesses it from the name, the server reads the bytes
   * (`accept` only steers the picker), and its 400 message shows in the 'Upload failed' toast.
   */
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      toast({ title: tabText('staff.gallery.noFile'), description: tabText('staff.gallery.chooseFile'), variant: 'destructive' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: tabText('staff.daily.uploadFailed'), description: tabText('staff.daily.tooLarge'), variant: 'destructive' });
      return;
    }
    const parsed = pictureFieldsSchema.safeParse({ category, caption });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    const body = new FormData();
    body.append('picture', file, file.name);
    body.append('category', parsed.data.category);
    if (parsed.data.caption) body.append('caption', parsed.data.caption);
    upload.mutate(body, {
      onSuccess: () => {
        toast({ title: tabText('staff.gallery.uploaded'), description: tabText('staff.gallery.uploadedText') });
        setFile(null);
        setCaption('');
        setInputKey((k) => k + 1);
        refreshGallery();
      },
      onError: (error) =>
        toast({
          title: tabText('staff.daily.uploadFailed'),
          description: errorMessage(error, tabText('staff.tryAgain')),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card className="p-5" role="region" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="mb-1 flex items-center gap-2 text-lg font-semibold text-stone-900">
        <ImagePlus aria-hidden="true" className="size-5 text-brand-700" />
        {tabText('staff.gallery.uploadTitle')}
      </h2>
      <p className="mb-4 text-sm text-stone-600">{tabText('staff.gallery.uploadHint')}</p>
      <Form onSubmit={submit} validationBehavior="aria" className="grid gap-4 md:grid-cols-[auto_1fr]">
        <div className="flex size-28 items-center justify-center overflow-hidden rounded-xl border border-dashed border-stone-300 bg-stone-50 max-md:hidden">
          {file ? <FilePreview file={file} /> : <ImagePlus aria-hidden="true" className="size-8 text-stone-400" />}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1 sm:col-span-2">
            <span className="text-sm font-medium text-stone-800">
              <label htmlFor={inputId}>{tabText('staff.gallery.picture')}</label>
              <span aria-hidden="true" className="text-red-600">
                {' '}
                *
              </span>
            </span>
            <input
              key={inputKey}
              id={inputId}
              name="picture"
              type="file"
              accept="image/*"
              aria-required="true"
              onChange={choose}
              className={FILE_INPUT}
            />
          </div>
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.field.category')}
            options={CATEGORY_OPTIONS}
            value={category}
            onChange={setCategory}
            error={errors.category}
          />
          <TextField
            label={tabText('staff.daily.caption')}
            value={caption}
            onChange={setCaption}
            error={errors.caption}
            placeholder={tabText('staff.gallery.captionExample')}
            description={tabText('staff.gallery.captionHint')}
          />
          <div className="sm:col-span-2">
            <Button type="submit" isDisabled={upload.isPending}>
              <Upload aria-hidden="true" className="size-4" />
              {tabText(upload.isPending ? 'staff.daily.uploading' : 'staff.gallery.upload')}
            </Button>
          </div>
        </div>
      </Form>
    </Card>
  );
}

/**
 * The chosen picture, shown from an object URL made for it and released when the file changes or the preview
 * goes: the URL is the browser's, not React state, so the effect writes it into the image itself.
 */
function FilePreview({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!image.current) return;
    const url = URL.createObjectURL(file);
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={image} alt="" className="size-full object-cover" />;
}
