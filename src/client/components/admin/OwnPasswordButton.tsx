import { KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../ui/Button';
import { staffText } from './staff-words';

// The dialog carries the common-password list (password-policy.ts): loaded when opened, not with the dashboard.
const OwnPasswordDialog = lazy(() => import('./OwnPasswordDialog'));

export function OwnPasswordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onPress={() => setOpen(true)}>
        <KeyRound aria-hidden="true" className="size-4" />
        {staffText('staff.password.change')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <OwnPasswordDialog isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
