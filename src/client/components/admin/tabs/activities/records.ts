import { queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { label } from '~/client/components/parent/categories';
import { tabText } from '../tab-words';

type Records = RouterOutputs['development']['childRecords']['data'];
export type ActivityRow = Records['activities'][number];
export type NoteRow = Records['developmentNotes'][number];

/** A picker's options: each value with its label as people write it. */
export const options = (values: readonly string[]) => values.map((value) => ({ value, label: label(value) }));
export const NONE = { value: '', label: tabText('staff.notRecorded') };

/** Refreshes a child's records and milestones after a write. */
export function refresh() {
  void queryClient.invalidateQueries(trpc.development.pathFilter());
  void queryClient.invalidateQueries(trpc.achievements.pathFilter());
}
