import { IncidentsSection } from './IncidentsSection';
import { MedicationSection } from './MedicationSection';
import { RecordsSection } from './RecordsSection';

/**
 * The portal's Health tab (loaded when first opened, ADR 078, ADR 089): the child's incident reports (ADR 093),
 * medication requests (ADR 092) and health records with the yearly review (ADR 094), each its own section taking
 * the child's id.
 */
export function HealthTab({ childId }: { childId: string }) {
  return (
    <div className="flex flex-col gap-8">
      <IncidentsSection childId={childId} />
      <MedicationSection childId={childId} />
      <RecordsSection childId={childId} />
    </div>
  );
}
