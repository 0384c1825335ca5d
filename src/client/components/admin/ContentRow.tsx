import { Lock, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Badge, Card } from '../ui/Card';

/** One item of the Events or Announcements tab: the item itself, and its Delete button beside it (below on a phone). */
export function ContentRow({ deleteLabel, onDelete, children }: { deleteLabel: string; onDelete: () => void; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      {children}
      <Button variant="outline" size="sm" onPress={onDelete} aria-label={deleteLabel} className="self-end text-red-700 sm:self-start">
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
    </Card>
  );
}

/** Marks an event or announcement that only staff see. */
export function PrivateBadge() {
  return (
    <Badge tone="stone">
      <Lock aria-hidden="true" className="size-3" />
      Private
    </Badge>
  );
}
