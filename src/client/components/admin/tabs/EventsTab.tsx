/** Events tab of the admin dashboard. */
export default function EventsTab() {
  return <p className="py-8 text-center text-stone-500">This section is being built.</p>;
}
