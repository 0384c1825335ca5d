import { RecordsSection } from './RecordsSection';

/** The portal's Health tab: the child's health records and the yearly review (ADR 094). */
export function HealthTab({ childId }: { childId: string }) {
  return (
    <div className="flex flex-col gap-6">
      <RecordsSection childId={childId} />
    </div>
  );
}
