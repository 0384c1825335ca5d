import { useQuery } from '@tanstack/react-query';
import { Inbox, Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { cn } from '../ui/cn';
import { staffText } from './staff-words';

/**
 * The embedded outbox: without SMTP_URL every e-mail the centre composes is kept here (and as an .eml file),
 * so staff see exactly what would have been sent and can pass it on by hand.
 */
export function OutboxDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const status = useQuery({ ...trpc.mail.status.queryOptions(), enabled: isOpen });
  const messages = useQuery({ ...trpc.outbox.list.queryOptions(), enabled: isOpen, staleTime: 0 });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const reader = useRef<HTMLElement>(null);
  const list = messages.data ?? [];
  const selected = list.find((m) => m.id === selectedId) ?? null;

  return (
    <Dialog
      closeLabel={staffText('staff.close')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={staffText('staff.outbox.title')}
      size="xl"
      description={staffText('staff.outbox.description')}
    >
      {status.data &&
        (status.data.smtpConfigured ? (
          <p className="mb-4 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">{staffText('staff.outbox.smtp')}</p>
        ) : (
          <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            {staffText('staff.outbox.noSmtp')}
          </p>
        ))}
      {messages.isPending && <p className="py-6 text-center text-stone-500">{staffText('staff.outbox.loading')}</p>}
      {messages.isError && <p className="py-6 text-center text-red-700">{staffText('staff.outbox.loadFailed')}</p>}
      {messages.isSuccess && list.length === 0 && (
        <p className="flex flex-col items-center gap-2 py-8 text-center text-stone-500">
          <Inbox aria-hidden="true" className="size-8" />
          {staffText('staff.outbox.empty')}
        </p>
      )}
      {list.length > 0 && (
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul aria-label={staffText('staff.outbox.list')} className="flex max-h-96 flex-col gap-1 overflow-y-auto">
            {list.map((m) => (
              <li key={m.id}>
                <Button
                  variant="ghost"
                  onPress={() => {
                    setSelectedId(m.id);
                    // On a phone the message sits under the list: bring it into view.
                    requestAnimationFrame(() => reader.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
                  }}
                  aria-current={m.id === selectedId ? 'true' : undefined}
                  className={cn(
                    'h-auto w-full flex-col items-start gap-0.5 py-2 text-left font-normal',
                    m.id === selectedId && 'bg-brand-50 ring-1 ring-brand-200',
                  )}
                >
                  <span className="w-full truncate font-semibold text-stone-900">{m.subject}</span>
                  <span className="w-full truncate text-xs font-normal text-stone-600">{staffText('staff.outbox.to', { to: m.to })}</span>
                  <span className="text-xs font-normal text-stone-500">{formatDateTime(m.createdAt)}</span>
                </Button>
              </li>
            ))}
          </ul>
          <article
            ref={reader}
            aria-label={staffText('staff.outbox.message')}
            className="min-h-40 rounded-xl border border-stone-200 bg-stone-50 p-4"
          >
            {selected ? (
              <>
                <h3 className="font-semibold text-stone-900">{selected.subject}</h3>
                <p className="text-sm text-stone-600">{staffText('staff.outbox.to', { to: selected.to })}</p>
                <p className="mb-3 text-sm text-stone-600">{formatDateTime(selected.createdAt)}</p>
                <pre className="max-h-80 overflow-auto font-sans text-sm break-words whitespace-pre-wrap text-stone-800">
                  {selected.text}
                </pre>
              </>
            ) : (
              <p className="flex h-full flex-col items-center justify-center gap-2 text-center text-sm text-stone-500">
                <Mail aria-hidden="true" className="size-6" />
                {staffText('staff.outbox.choose')}
              </p>
            )}
          </article>
        </div>
      )}
    </Dialog>
  );
}

/** The dashboard header's "Outbox" button and its dialog. */
export function OutboxButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onPress={() => setOpen(true)} className="ml-auto">
        <Mail aria-hidden="true" className="size-4" />
        {staffText('staff.outbox.title')}
      </Button>
      <OutboxDialog isOpen={open} onOpenChange={setOpen} />
    </>
  );
}
