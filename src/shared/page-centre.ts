import type { PublicCentre } from './centre-profile';
import { setCentreTimeZone } from './centre-time';

/**
 * The centre's public profile as a page knows it (ADR 090). The server holds it (centre/profile.ts sets it when
 * it reads or writes the profile) and hands it to its render (dist/ssr: its own copy of this module) before each
 * page; every HTML page carries it as a JSON data block (`#centre-data`, pages/seo.ts headTags), which the
 * browser reads on first use. No centre fact is in the client's bundle: a change shows on the next page load.
 */
export const CENTRE_DATA_ID = 'centre-data';

let held: PublicCentre | null = null;

/** Sets the centre the pages show (and its time zone for the centre's clock). */
export function setPageCentre(centre: PublicCentre): void {
  held = centre;
  setCentreTimeZone(centre.timeZone);
}

const BLANK: PublicCentre = {
  name: '',
  shortName: '',
  address: { street: '', city: '', state: '', zip: '' },
  phone: '',
  secondPhone: null,
  email: '',
  hours: { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null },
  licenceNumber: null,
  timeZone: 'UTC',
  licensingState: '',
  programs: [],
  logo: null,
  logoSize: null,
};

/** The page's centre: the one set, else the page's data block, else blanks (a page served without one). */
export function pageCentre(): PublicCentre {
  if (held) return held;
  if (typeof document !== 'undefined') {
    const block = document.getElementById(CENTRE_DATA_ID)?.textContent;
    if (block) {
      try {
        setPageCentre(JSON.parse(block) as PublicCentre);
        return held!;
      } catch {
        // A damaged block: blanks, as without one.
      }
    }
  }
  return BLANK;
}

/** The data block every page carries, safe inside HTML (no `<` reaches the markup). */
export function centreDataBlock(centre: PublicCentre): string {
  return `<script type="application/json" id="${CENTRE_DATA_ID}">${JSON.stringify(centre).replace(/</g, '\\u003c')}</script>`;
}
