/** Communication tab of the admin dashboard. */
export default function CommunicationTab() {
  return <p className="py-8 text-center text-stone-500">This section is being built.</p>;
}
