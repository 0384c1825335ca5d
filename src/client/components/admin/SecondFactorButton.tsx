import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { staffText } from './staff-words';

// The panel (and @simplewebauthn/browser, loaded when a passkey is added) load when the dialog opens.
const SecondFactorPanel = lazy(() => import('./SecondFactorPanel'));

/** Account: the staff member's own second factor (ADR 102), beside the own-password button. */
export function SecondFactorButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onPress={() => setOpen(true)}>
        <ShieldCheck aria-hidden="true" className="size-4" />
        {staffText('staff.mfa.account')}
      </Button>
      {open && (
        <Dialog
          closeLabel={staffText('staff.close')}
          isOpen={open}
          onOpenChange={setOpen}
          title={staffText('staff.mfa.title')}
          description={staffText('staff.mfa.description')}
        >
          <Suspense fallback={null}>
            <SecondFactorPanel />
          </Suspense>
        </Dialog>
      )}
    </>
  );
}
