import { MessageSquare } from 'lucide-react';
import { centre, telHref } from '../../../shared/centre';

export interface ParentCommunicationProps {
  userType: 'parent';
  /** The selected child's id. */
  childId: string;
  parentEmail: string;
  /** The parent's children, for choosing which child a message is about. */
  children: { id: string; childName: string; program: string }[];
}

/**
 * The Communication tab (SPEC.md §2): the shared Communication Center with userType parent goes here. Until
 * it exists, the tab says so plainly and tells the parent how to reach the office.
 */
export function CommunicationTab(_props: ParentCommunicationProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center">
      <MessageSquare aria-hidden="true" className="size-8 text-brand-700" />
      <h2 className="text-lg font-semibold text-stone-900">Messages and documents are coming soon</h2>
      <p className="max-w-md text-stone-700">
        Until then, please call the office at{' '}
        <a className="font-semibold text-brand-800 underline" href={telHref(centre.phones[0])}>
          {centre.phones[0]}
        </a>{' '}
        or e-mail{' '}
        <a className="font-semibold text-brand-800 underline" href={`mailto:${centre.email}`}>
          {centre.email}
        </a>
        .
      </p>
    </div>
  );
}
