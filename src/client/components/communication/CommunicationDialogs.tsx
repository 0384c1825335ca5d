import { useMutation } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { MAX_UPLOAD_BYTES } from '~/shared/constants';
import { adminMessageSchema, documentResponseSchema, messageSchema } from '~/shared/schemas/communication';
import { type PortalIntl, usePortalIntl } from '../../i18n';
import { programLabel } from '../parent/program-label';
import { toast } from '../../lib/toast';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Checkbox } from '../ui/Checkbox';
import { FILE_INPUT } from '../ui/button-class';
import { Dialog, DialogActions } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { Select } from '../ui/Select';
import { type DocumentRequest, type Message, refreshCommunications, replySubject } from './CommunicationCenter';

export interface ChildOption {
  id: string;
  childName: string;
  parentName?: string;
  parentEmail?: string;
  program?: string;
}

function httpStatus(error: unknown): number | undefined {
  return (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
}

/**
 * docs/product.md §8: 'HTTP {status}: ' and the server's error, or the fallback. `describe` is the portal's (in the parent's
 * language, client/i18n.tsx callError); errorMessage for staff.
 */
function httpDescription(error: unknown, fallback: string, describe: (error: unknown, fallback: string) => string = errorMessage): string {
  const status = httpStatus(error);
  const message = describe(error, fallback);
  return status ? `HTTP ${status}: ${message}` : message;
}

function Actions({
  onCancel,
  submitLabel,
  pendingLabel,
  isPending,
  isDisabled,
}: {
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  isDisabled?: boolean;
}) {
  return (
    <DialogActions onCancel={onCancel} isDisabled={isPending || isDisabled} cancelLabel={usePortalIntl().t('portal.cancel')}>
      {isPending ? pendingLabel : submitLabel}
    </DialogActions>
  );
}

export function childLabel(intl: PortalIntl, c: ChildOption): string {
  return c.program ? `${c.childName} (${programLabel(intl, c.program)})` : c.childName;
}

/** Compose, or reply from where a message is read: a reply keeps the child and starts its subject with 'Re: '. */
export function ComposeMessageDialog({
  userType,
  childOptions,
  defaultChildId,
  replyTo,
  onSent,
  onClose,
}: {
  userType: 'admin' | 'parent';
  childOptions: ChildOption[];
  defaultChildId: string | null;
  replyTo: Message | null;
  /** After the message is sent (before the dialog closes). */
  onSent?: () => void;
  onClose: () => void;
}) {
  const intl = usePortalIntl();
  const { t, callError } = intl;
  const isAdmin = userType === 'admin';
  const schema = isAdmin ? adminMessageSchema : messageSchema;
  const { values, set, errors, parse, showServerErrors, formId } = useSchemaForm(
    schema,
    () => ({
      childId: replyTo?.childId ?? defaultChildId ?? (!isAdmin && childOptions.length === 1 ? childOptions[0]!.id : ''),
      subject: replyTo ? replySubject(replyTo.subject) : '',
      content: '',
      isUrgent: false,
    }),
    { onEdit: 'revalidate', focusInvalid: true },
  );
  const send = useMutation({
    mutationFn: (data: { childId: string | null; subject: string; content: string; isUrgent: boolean }) =>
      isAdmin
        ? trpcClient.communications.adminSend.mutate({ ...data, childId: data.childId ?? '' })
        : trpcClient.communications.parentSend.mutate(data),
  });
  const chosen = childOptions.find((c) => c.id === values.childId);

  function submit(e: FormEvent) {
    e.preventDefault();
    const data = parse();
    if (!data) return;
    send.mutate(data, {
      onSuccess: () => {
        toast({ title: t('portal.compose.sent') });
        onSent?.();
        refreshCommunications();
        onClose();
      },
      onError: (error) => {
        showServerErrors(error as never);
        const description =
          !isAdmin && httpStatus(error) === 401
            ? t('portal.compose.noToken')
            : httpDescription(error, t('portal.compose.failed'), callError);
        toast({ title: t('portal.compose.failed'), description, variant: 'destructive' });
      },
    });
  }

  const showChildPicker = isAdmin || childOptions.length > 1;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={replyTo ? t('portal.compose.reply') : t('portal.compose.new')}
      description={isAdmin ? t('portal.compose.toParent') : t('portal.compose.toStaff')}
      closeLabel={t('portal.close')}
      size="lg"
    >
      <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        {showChildPicker && (
          <Select
            label={t('portal.compose.child')}
            options={childOptions.map((c) => ({ value: c.id, label: childLabel(intl, c) }))}
            value={values.childId ?? ''}
            onChange={set('childId')}
            error={errors.childId}
            required={isAdmin}
            placeholder={t('portal.compose.selectChild')}
          />
        )}
        {isAdmin && (
          <p className="text-sm text-stone-700" aria-live="polite">
            {t('portal.compose.to', {
              parent: chosen
                ? t('portal.compose.parentOf', { name: chosen.parentName ?? '', email: chosen.parentEmail ?? '' })
                : t('portal.compose.chooseFirst'),
            })}
          </p>
        )}
        <TextField
          label={t('portal.compose.subject')}
          value={values.subject}
          onChange={set('subject')}
          error={errors.subject}
          required
          autoFocus={!replyTo}
        />
        <TextField
          label={t('portal.compose.message')}
          value={values.content}
          onChange={set('content')}
          error={errors.content}
          required
          multiline
          rows={5}
          autoFocus={!!replyTo}
        />
        <Checkbox isSelected={values.isUrgent} onChange={set('isUrgent')}>
          {t('portal.compose.urgent')}
        </Checkbox>
        <Actions
          onCancel={onClose}
          submitLabel={t('portal.compose.send')}
          pendingLabel={t('portal.compose.sending')}
          isPending={send.isPending}
        />
      </Form>
    </Dialog>
  );
}

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic,image/heif,.pdf,.jpg,.jpeg,.png,.heic';

/** Sends one file: an upload URL from the server, then the file's bytes by a plain PUT to it. */
async function uploadFile(file: File): Promise<string> {
  const { uploadURL } = await trpcClient.communications.createUpload.mutate();
  const res = await fetch(uploadURL, { method: 'PUT', body: file, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${res.status}`);
  }
  return uploadURL;
}

/**
 * Parent: answer a request with one file (a PDF, or a photo of the paper form taken with the phone). The file
 * is uploaded as soon as it is chosen; the submit button stays disabled until it is (docs/product.md §5).
 */
export function SubmitDocumentDialog({ request, onClose }: { request: DocumentRequest; onClose: () => void }) {
  const { t, callError } = usePortalIntl();
  const fileId = useId();
  const cameraId = useId();
  const [uploaded, setUploaded] = useState<{ url: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const { values, set, errors, parse, showServerErrors, formId } = useSchemaForm(
    documentResponseSchema,
    () => ({ documentUrl: '', documentName: '', message: '' }),
    {
      onEdit: 'revalidate',
      focusInvalid: true,
    },
  );
  const respond = useMutation(trpc.communications.parentRespond.mutationOptions());

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setFileError(null);
    setUploaded(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileError(t('portal.submit.tooLarge'));
      return;
    }
    setUploading(true);
    try {
      const url = await uploadFile(file);
      setUploaded({ url, name: file.name });
      set('documentUrl')(url);
      if (!values.documentName) set('documentName')(file.name.slice(0, 200));
    } catch (error) {
      const message = callError(error, t('portal.submit.uploadFailed'));
      setFileError(message);
      toast({ title: t('portal.submit.failed'), description: message, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!uploaded) return;
    const data = parse();
    if (!data) return;
    respond.mutate(
      { ...data, id: request.id },
      {
        onSuccess: () => {
          toast({ title: t('portal.submit.done') });
          refreshCommunications();
          onClose();
        },
        onError: (error) => {
          showServerErrors(error);
          toast({
            title: t('portal.submit.failed'),
            description: callError(error, t('portal.submit.tryAgain')),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t('portal.submit.title')}
      description={t('portal.submit.for', { title: request.title })}
      size="lg"
      closeLabel={t('portal.close')}
    >
      <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <p className="text-sm text-stone-600">{t('portal.submit.formats')}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium text-stone-800">
            {t('portal.submit.choose')}
          </label>
          <input
            id={fileId}
            type="file"
            accept={ACCEPT}
            onChange={choose}
            disabled={uploading}
            aria-describedby={`${fileId}-status`}
            className={FILE_INPUT}
          />
        </div>
        <div className="flex flex-col gap-1 sm:hidden">
          <label htmlFor={cameraId} className="text-sm font-medium text-stone-800">
            {t('portal.submit.photo')}
          </label>
          <input
            id={cameraId}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={choose}
            disabled={uploading}
            className={FILE_INPUT}
          />
        </div>
        <p id={`${fileId}-status`} role="status" className={fileError ? 'text-sm font-medium text-red-700' : 'text-sm text-stone-700'}>
          {uploading
            ? t('portal.submit.uploading')
            : fileError
              ? fileError
              : uploaded
                ? t('portal.submit.uploaded', { name: uploaded.name })
                : ''}
        </p>
        <TextField
          label={t('portal.submit.name')}
          value={values.documentName}
          onChange={set('documentName')}
          error={errors.documentName}
          required
        />
        <TextField
          label={t('portal.submit.message')}
          value={values.message ?? ''}
          onChange={set('message')}
          error={errors.message}
          multiline
          rows={3}
          description={t('portal.submit.optional')}
        />
        <Actions
          onCancel={onClose}
          submitLabel={t('portal.submit.submit')}
          pendingLabel={t('portal.submit.submitting')}
          isPending={respond.isPending}
          isDisabled={!uploaded || uploading}
        />
        {!uploaded && (
          <p className="text-xs text-stone-600">
            <Upload aria-hidden="true" className="mr-1 inline size-3" />
            {t('portal.submit.enabledOnce')}
          </p>
        )}
      </Form>
    </Dialog>
  );
}
