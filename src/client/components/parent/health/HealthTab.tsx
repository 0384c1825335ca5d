import { IncidentsSection } from './IncidentsSection';

/**
 * The portal's Health tab (loaded when first opened, ADR 078): the child's incident reports, medication and health
 * records, each its own section taking the child's id.
 */
export function HealthTab({ childId }: { childId: string }) {
  return (
    <div className="flex flex-col gap-8">
      <IncidentsSection childId={childId} />
    </div>
  );
}
