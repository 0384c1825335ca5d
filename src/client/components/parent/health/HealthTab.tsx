import { IncidentsSection } from './IncidentsSection';
import { MedicationSection } from './MedicationSection';

/**
 * The portal's Health tab (loaded when first opened, ADR 078, ADR 089): the child's incident reports (ADR 093),
 * medication requests (ADR 092) and health records, each its own section taking the child's id.
 */
export function HealthTab({ childId }: { childId: string }) {
  return (
    <div className="flex flex-col gap-8">
      <IncidentsSection childId={childId} />
      <MedicationSection childId={childId} />
    </div>
  );
}
