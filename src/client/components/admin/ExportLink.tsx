import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '../ui/Button';

/**
 * A director's CSV download (GET /api/admin/export/*.csv, ADR 049): a plain link, so the browser saves the file
 * as it streams in instead of the page holding ten years of rows in memory first.
 */
export function ExportLink({ href, children, label }: { href: string; children: ReactNode; label?: string }) {
  return (
    <a href={href} download className={buttonClass('outline', 'md')} aria-label={label}>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
