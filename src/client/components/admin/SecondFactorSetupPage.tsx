import { LogOut } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { queryClient, trpc } from '~/client/lib/trpc';
import { TOAST_CLEARANCE } from '~/client/lib/toast-area';
import { Button } from '../ui/Button';
import { staffText } from './staff-words';

const SecondFactorPanel = lazy(() => import('./SecondFactorPanel'));

/**
 * The only page a session reaches while the director's rule asks it for a second factor (ADR 102): set one up, and
 * the dashboard opens (the server lifts the rule for this session the moment a factor is confirmed).
 */
export function SecondFactorSetupPage({ onSignOut }: { onSignOut: () => void }) {
  return (
    <main className={`mx-auto max-w-xl px-4 pt-6 ${TOAST_CLEARANCE}`}>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-bold text-stone-900">{staffText('staff.mfa.title')}</h1>
        <Button variant="outline" onPress={onSignOut}>
          <LogOut aria-hidden="true" className="size-4" />
          {staffText('staff.dashboard.logout')}
        </Button>
      </div>
      <Suspense fallback={<p className="py-8 text-center text-stone-500">{staffText('staff.loading')}</p>}>
        <SecondFactorPanel onFactorAdded={() => void queryClient.invalidateQueries({ queryKey: trpc.adminAuth.me.queryKey() })} />
      </Suspense>
    </main>
  );
}
