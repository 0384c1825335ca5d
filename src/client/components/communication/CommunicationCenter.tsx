import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCheck, FileText, Mail, MailOpen, Plus, Reply, Send } from 'lucide-react';
import { type ComponentType, useRef, useState } from 'react';
import { Badge } from '../ui/Card';
import { Button } from '../ui/Button';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { Tab, TabList, TabPanel, Tabs } from '../ui/Tabs';
import { usePortalIntl } from '../../i18n';
import { queryClient, trpc, type RouterOutputs } from '../../lib/trpc';
import { useSeenOnScreen } from '../../lib/use-seen-on-screen';
import { DOCUMENT_TYPES } from '~/shared/constants';
import type { PortalKey } from '~/shared/i18n/portal-en';
import { ComposeMessageDialog, SubmitDocumentDialog, type ChildOption } from './CommunicationDialogs';

type Outputs = RouterOutputs['communications'];
export type Message = Outputs['adminMessages']['items'][number];
export type DocumentRequest = Outputs['adminDocumentRequests']['items'][number];

/** Messages and requests are read a page at a time (ADR 014); the badges count the whole lists on the server. */
export const COMMUNICATION_PAGE_SIZE = 20;

export interface CommunicationCenterProps {
  userType: 'admin' | 'parent';
  /** Parent only: the child selected in the portal (new messages are about this child by default). */
  childId?: string;
  /** Parent only: the signed-in parent's e-mail (messages addressed to it count as unread). */
  parentEmail?: string;
  /** Parent only: the parent's children, for the compose dialog's child picker. */
  children?: readonly ChildOption[];
  /** Staff only: the dialog asking a family for a document (the staff tab's, with the staff words: RequestDocumentDialog). */
  requestDialog?: ComponentType<{ childOptions: ChildOption[]; onClose: () => void }>;
}

export function refreshCommunications() {
  void queryClient.invalidateQueries(trpc.communications.pathFilter());
  // The dashboard's badges (unread messages, new uploads) count what these lists change.
  void queryClient.invalidateQueries(trpc.overview.pathFilter());
}

/** 'Re: ' once, however long the thread. */
export function replySubject(subject: string): string {
  return /^re:\s/i.test(subject) ? subject : `Re: ${subject}`;
}

/**
 * The Communication Center of docs/product.md §2, shared by the admin dashboard and the parent portal: messages both
 * ways with unread badges, document requests with pending badges, and the three dialogs.
 */
export function CommunicationCenter({
  userType,
  childId,
  parentEmail,
  children = [],
  requestDialog: RequestDialog,
}: CommunicationCenterProps) {
  // The parent's language in the portal; English on the staff dashboard (no provider there).
  const { t } = usePortalIntl();
  const loadMore = { more: t('portal.loadMore'), loading: t('portal.loading'), end: t('portal.everything') };
  const isAdmin = userType === 'admin';
  const page = { limit: COMMUNICATION_PAGE_SIZE };
  const next = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor };
  const messages = useInfiniteQuery({
    ...(isAdmin
      ? trpc.communications.adminMessages.infiniteQueryOptions(page, next)
      : trpc.communications.parentMessages.infiniteQueryOptions(page, next)),
    staleTime: 0,
  });
  const requests = useInfiniteQuery({
    ...(isAdmin
      ? trpc.communications.adminDocumentRequests.infiniteQueryOptions(page, next)
      : trpc.communications.parentDocumentRequests.infiniteQueryOptions(page, next)),
    staleTime: 0,
  });
  const enrolled = useQuery({ ...trpc.children.list.queryOptions(), enabled: isAdmin, staleTime: 0 });
  const childOptions: ChildOption[] = isAdmin
    ? (enrolled.data ?? []).map((c) => ({ id: c.id, childName: c.childName, parentName: c.parentName, parentEmail: c.parentEmail }))
    : [...children];

  const [composing, setComposing] = useState<{ replyTo: Message | null } | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [submitting, setSubmitting] = useState<DocumentRequest | null>(null);
  const markRead = useMutation(trpc.communications.markRead.mutationOptions({ onSuccess: refreshCommunications }));
  const markSeen = useMutation(trpc.communications.markResponseSeen.mutationOptions({ onSuccess: refreshCommunications }));

  const list: Message[] = messages.data?.pages.flatMap((p) => p.items) ?? [];
  const addressedToMe = (m: Message) =>
    m.recipientType === userType && (isAdmin || !parentEmail || m.recipientId === parentEmail.toLowerCase());
  // Counted by the server over every message and request, not over the pages loaded so far.
  const unread = messages.data?.pages[0]?.unreadCount ?? 0;
  const requestList: DocumentRequest[] = requests.data?.pages.flatMap((p) => p.items) ?? [];
  const pending = requests.data?.pages[0]?.pendingCount ?? 0;

  return (
    <section aria-labelledby="communication-heading" className="flex flex-col gap-4">
      <h2 id="communication-heading" className="text-xl font-bold text-stone-900">
        {t('portal.comm.heading')}
      </h2>
      <Tabs defaultSelectedKey="messages">
        <TabList aria-label={t('portal.comm.tabs')}>
          <Tab id="messages">
            <Mail aria-hidden="true" className="size-4" />
            {t('portal.comm.messages')}
            {unread > 0 && <CountBadge count={unread} label={t('portal.comm.unread')} tone="red" />}
          </Tab>
          <Tab id="documents">
            <FileText aria-hidden="true" className="size-4" />
            {isAdmin ? t('portal.comm.documentRequests') : t('portal.comm.documents')}
            {pending > 0 && <CountBadge count={pending} label={t('portal.comm.pending')} tone="sun" />}
          </Tab>
        </TabList>

        <TabPanel id="messages" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-stone-600">{isAdmin ? t('portal.comm.messagesIntroStaff') : t('portal.comm.messagesIntro')}</p>
            <Button onPress={() => setComposing({ replyTo: null })} className="max-sm:w-full">
              <Plus aria-hidden="true" className="size-4" />
              {t('portal.comm.newMessage')}
            </Button>
          </div>
          <ListStatus
            isPending={messages.isPending}
            isError={messages.isError}
            isEmpty={list.length === 0}
            empty={t('portal.comm.noMessages')}
          />
          {list.length > 0 && (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list must take focus so a keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
            <ul aria-label={t('portal.comm.messageList')} className="flex max-h-96 flex-col gap-3 overflow-y-auto rounded-xl" tabIndex={0}>
              {list.map((m) => (
                <MessageItem
                  key={m.id}
                  message={m}
                  isMine={m.senderType === userType}
                  isUnread={addressedToMe(m) && !m.isRead}
                  onMarkRead={() => markRead.mutate(m.id)}
                  onReply={() => setComposing({ replyTo: m })}
                />
              ))}
            </ul>
          )}
          <LoadMoreButton query={messages} label={t('portal.comm.loadMoreMessages')} words={loadMore} />
        </TabPanel>

        <TabPanel id="documents" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-stone-600">{isAdmin ? t('portal.comm.documentsIntroStaff') : t('portal.comm.documentsIntro')}</p>
            {isAdmin && (
              <Button onPress={() => setRequesting(true)} className="max-sm:w-full">
                <Plus aria-hidden="true" className="size-4" />
                {t('portal.comm.requestDocument')}
              </Button>
            )}
          </div>
          <ListStatus
            isPending={requests.isPending}
            isError={requests.isError}
            isEmpty={requestList.length === 0}
            empty={t('portal.comm.noRequests')}
          />
          {requestList.length > 0 && (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list must take focus so a keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
            <ul aria-label={t('portal.comm.requestList')} className="flex max-h-96 flex-col gap-3 overflow-y-auto rounded-xl" tabIndex={0}>
              {requestList.map((r) => (
                <RequestItem
                  key={r.id}
                  request={r}
                  isAdmin={isAdmin}
                  onSubmit={() => setSubmitting(r)}
                  onSeen={() => markSeen.mutate(r.id)}
                />
              ))}
            </ul>
          )}
          <LoadMoreButton query={requests} label={t('portal.comm.loadMoreRequests')} words={loadMore} />
        </TabPanel>
      </Tabs>

      {composing && (
        <ComposeMessageDialog
          userType={userType}
          childOptions={childOptions}
          defaultChildId={childId ?? null}
          replyTo={composing.replyTo}
          onSent={() => {
            // Answering a message is reading it.
            const original = composing.replyTo;
            if (original && addressedToMe(original) && !original.isRead) markRead.mutate(original.id);
          }}
          onClose={() => setComposing(null)}
        />
      )}
      {requesting && RequestDialog && <RequestDialog childOptions={childOptions} onClose={() => setRequesting(false)} />}
      {submitting && <SubmitDocumentDialog request={submitting} onClose={() => setSubmitting(null)} />}
    </section>
  );
}

function CountBadge({ count, label, tone }: { count: number; label: string; tone: 'red' | 'sun' }) {
  return (
    <Badge tone={tone} className="min-w-5 justify-center">
      {count}
      <span className="sr-only"> {label}</span>
    </Badge>
  );
}

function ListStatus({ isPending, isError, isEmpty, empty }: { isPending: boolean; isError: boolean; isEmpty: boolean; empty: string }) {
  const { t } = usePortalIntl();
  if (isPending) return <p className="py-6 text-center text-stone-500">{t('portal.loading')}</p>;
  if (isError)
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-center text-red-800">
        {t('portal.comm.listFailed')}
      </p>
    );
  if (isEmpty) return <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-500">{empty}</p>;
  return null;
}

function MessageItem({
  message: m,
  isMine,
  isUnread,
  onMarkRead,
  onReply,
}: {
  message: Message;
  isMine: boolean;
  isUnread: boolean;
  onMarkRead: () => void;
  onReply: () => void;
}) {
  const intl = usePortalIntl();
  const { t } = intl;
  const headingId = `message-${m.id}`;
  // Shown to its recipient for a moment, the message counts as read (the button stays for a quick reader).
  const text = useRef<HTMLParagraphElement>(null);
  // Marked read while its button has focus (pressed, or seen on screen): the button is about to go, so focus goes to
  // Reply beside it, and the change is read out (it was lost to <body>).
  const markButton = useRef<HTMLButtonElement>(null);
  const reply = useRef<HTMLButtonElement>(null);
  const [announced, setAnnounced] = useState(false);
  const markRead = () => {
    if (document.activeElement === markButton.current) {
      reply.current?.focus();
      setAnnounced(true);
    }
    onMarkRead();
  };
  useSeenOnScreen(text, markRead, isUnread);
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-xl border bg-white p-4 ${isUnread ? 'border-brand-400 ring-1 ring-brand-200' : 'border-stone-200'} ${isMine ? 'sm:ml-8' : 'sm:mr-8'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words font-semibold text-stone-900">
          {m.subject}
        </h3>
        <div className="flex flex-wrap gap-1">
          {isUnread && <Badge tone="brand">{t('portal.comm.new')}</Badge>}
          {m.isUrgent && (
            <Badge tone="red">
              <AlertTriangle aria-hidden="true" className="size-3" />
              {t('portal.comm.urgent')}
            </Badge>
          )}
        </div>
      </div>
      <p className="mt-1 text-xs text-stone-600">
        {isMine ? t('portal.comm.you') : m.senderName} → {m.recipientName ?? m.recipientId}
        {m.childName && <> · {t('portal.comm.about', { child: m.childName })}</>} · {intl.dateTime(m.createdAt)}
      </p>
      <p ref={text} className="mt-2 whitespace-pre-wrap break-words text-sm text-stone-800">
        {m.content}
      </p>
      {isMine && m.recipientType === 'parent' && (
        // Staff see whether the parent has read what the centre sent.
        <p className="mt-2 flex items-center gap-1 text-xs text-stone-600">
          {m.isRead ? (
            <>
              <CheckCheck aria-hidden="true" className="size-4 text-green-700" />
              {t('portal.comm.readByParent')}
              {m.readAt ? ` ${intl.dateTime(m.readAt)}` : ''}
            </>
          ) : (
            t('portal.comm.notReadYet')
          )}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {!isMine && (
          <Button
            ref={reply}
            variant="outline"
            size="sm"
            onPress={onReply}
            aria-label={t('portal.comm.replyTo', { subject: m.subject })}
            className="min-h-11"
          >
            <Reply aria-hidden="true" className="size-4" />
            {t('portal.comm.reply')}
          </Button>
        )}
        {isUnread && (
          // The name starts with the visible words (WCAG 2.5.3): voice users say what they see.
          <Button
            ref={markButton}
            needsNetwork
            variant="ghost"
            size="sm"
            onPress={markRead}
            aria-label={t('portal.comm.markReadOf', { subject: m.subject })}
            className="min-h-11"
          >
            <MailOpen aria-hidden="true" className="size-4" />
            {t('portal.comm.markRead')}
          </Button>
        )}
      </div>
      <p role="status" className="sr-only">
        {announced ? t('portal.comm.markedRead') : ''}
      </p>
    </li>
  );
}

const STATUS_TONES = { pending: 'sun', fulfilled: 'green', overdue: 'red' } as const;

function RequestItem({
  request: r,
  isAdmin,
  onSubmit,
  onSeen,
}: {
  request: DocumentRequest;
  isAdmin: boolean;
  onSubmit: () => void;
  onSeen: () => void;
}) {
  const intl = usePortalIntl();
  const { t } = intl;
  const headingId = `request-${r.id}`;
  const typeKey = `portal.documentType.${r.documentType}` as PortalKey;
  // A parent's answer is a new upload until staff have had it on screen for a moment.
  const isNewUpload = isAdmin && r.status === 'fulfilled' && !r.responseSeenAt;
  const answer = useRef<HTMLDivElement>(null);
  useSeenOnScreen(answer, onSeen, isNewUpload);
  const tone = STATUS_TONES[r.status as keyof typeof STATUS_TONES] ?? 'stone';
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words font-semibold text-stone-900">
          {r.title}
        </h3>
        <div className="flex flex-wrap gap-1">
          {isNewUpload && <Badge tone="brand">{t('portal.comm.newUpload')}</Badge>}
          <Badge tone={tone}>
            {r.status in STATUS_TONES ? t(`portal.comm.status.${r.status as keyof typeof STATUS_TONES}`) : r.status}
          </Badge>
          {r.isUrgent && <Badge tone="red">{t('portal.comm.urgent')}</Badge>}
        </div>
      </div>
      <p className="mt-1 text-xs text-stone-600">
        {(DOCUMENT_TYPES as readonly string[]).includes(r.documentType) ? t(typeKey) : r.documentType}
        {r.childName && <> · {r.childName}</>}
        {isAdmin && <> · {r.parentName ? `${r.parentName} (${r.parentId})` : r.parentId}</>}
        {r.dueDate && <> · {t('portal.comm.due', { date: intl.date(r.dueDate) })}</>}
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-stone-800">{r.description}</p>
      {r.status === 'fulfilled' ? (
        <div ref={answer} className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
          <p>
            {t('portal.comm.submitted', { date: intl.dateTime(r.respondedAt) })}
            {r.responseDocumentUrl && (
              <>
                {': '}
                <a href={r.responseDocumentUrl} className="inline-flex min-h-11 items-center font-semibold underline" download>
                  {r.responseDocumentName ?? t('portal.comm.document')}
                </a>
              </>
            )}
          </p>
          {r.responseMessage && <p className="mt-1 whitespace-pre-wrap break-words">{r.responseMessage}</p>}
        </div>
      ) : (
        !isAdmin && (
          <div className="mt-3">
            <Button
              needsNetwork
              onPress={onSubmit}
              aria-label={t('portal.comm.submitDocumentFor', { title: r.title })}
              className="max-sm:w-full"
            >
              <Send aria-hidden="true" className="size-4" />
              {t('portal.comm.submitDocument')}
            </Button>
          </div>
        )
      )}
    </li>
  );
}
