import { Lock, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Badge, Card } from '../ui/Card';
import { tabText } from './tabs/tab-words';

export interface ContentRowProps {
  /** Names the item for a screen reader, e.g. 'event Harvest Parade': the buttons read 'Edit event …', 'Delete event …'. */
  itemLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}

/** One item of the Events or Announcements tab: the item itself, and its Edit and Delete buttons beside it (below on a phone). */
export function ContentRow({ itemLabel, onEdit, onDelete, children }: ContentRowProps) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      {children}
      <div className="flex gap-2 self-end sm:self-start">
        <Button variant="outline" onPress={onEdit} aria-label={tabText('staff.editItem', { item: itemLabel })}>
          <Pencil aria-hidden="true" className="size-4" />
          {tabText('staff.edit')}
        </Button>
        <Button variant="outline" onPress={onDelete} aria-label={tabText('staff.deleteItem', { item: itemLabel })} className="text-red-700">
          <Trash2 aria-hidden="true" className="size-4" />
          {tabText('staff.delete')}
        </Button>
      </div>
    </Card>
  );
}

/** Marks an event or announcement that only staff see. */
export function PrivateBadge() {
  return (
    <Badge tone="stone">
      <Lock aria-hidden="true" className="size-3" />
      {tabText('staff.private')}
    </Badge>
  );
}
