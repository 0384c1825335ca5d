import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { staffText } from '../staff-words';
import { CopyButton } from './children/CredentialsDialog';

/**
 * A staff invitation's link, shown once to the director when no mail server is set (the server answers it only
 * then): nobody delivers the e-mail, so the director passes the link on. The Outbox keeps it until it is used or
 * can no longer work.
 */
export function InvitationLinkDialog({ name, url, onClose }: { name: string; url: string; onClose: () => void }) {
  return (
    <Dialog
      closeLabel={staffText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={staffText('staff.invitationLink.title')}
      description={staffText('staff.invitationLink.noSmtp', { name })}
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <p id="invitation-link-label" className="text-sm font-medium text-stone-700">
            {staffText('staff.invitationLink.label', { name })}
          </p>
          <div className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
            <span aria-labelledby="invitation-link-label" className="font-mono text-sm break-all select-all" data-testid="invitation-link">
              {url}
            </span>
            <CopyButton value={url} label={staffText('staff.invitationLink.copyLabel')} />
          </div>
        </div>
        <p className="text-sm text-stone-700">{staffText('staff.invitationLink.once')}</p>
        <div className="flex justify-end">
          <Button onPress={onClose}>{staffText('staff.invitationLink.done')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
