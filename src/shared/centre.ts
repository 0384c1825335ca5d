import { type CentreProfile, DEFAULT_CENTRE_BILLING } from './centre-profile';
import { addressLine, mapsUrl } from './centre-profile';

/**
 * The default profile: the centre the product ships as, and the first row of a new database's profile
 * (src/server/centre/profile.ts). Only the server and the tests read this file; a running centre's own
 * details are the database's (ADR 090), and pages get them from the server (tests/unit/no-centre-in-client.test.ts).
 */
export const DEFAULT_CENTRE_PROFILE: CentreProfile = {
  name: 'Little Buckeyes Learning Center',
  shortName: 'Little Buckeyes',
  address: { street: '1480 Summit Street', city: 'Columbus', state: 'OH', zip: '43201' },
  phone: '(614) 555-0142',
  secondPhone: '(614) 555-0187',
  email: 'hello@littlebuckeyeslearning.com',
  hours: {
    monday: { opens: '07:30', closes: '17:30' },
    tuesday: { opens: '07:30', closes: '17:30' },
    wednesday: { opens: '07:30', closes: '17:30' },
    thursday: { opens: '07:30', closes: '17:30' },
    friday: { opens: '07:30', closes: '17:30' },
    saturday: null,
    sunday: null,
  },
  licenceNumber: null,
  taxId: '31-1234567',
  timeZone: 'America/New_York',
  licensingState: 'OH',
  programs: [
    { id: 'infant', fromMonths: 0, toMonths: 18 },
    { id: 'preschool', fromMonths: 18, toMonths: 48 },
    { id: 'kindergarten', fromMonths: 48, toMonths: 71 },
  ],
  billing: DEFAULT_CENTRE_BILLING,
  logo: null,
  logoSize: null,
};

/**
 * The default profile in the shape the tests have always read it (`centre.phones[0]`, `centre.providerTaxId`):
 * what the pages must show for the shipped centre.
 */
export const centre = {
  name: DEFAULT_CENTRE_PROFILE.name,
  shortName: DEFAULT_CENTRE_PROFILE.shortName,
  phones: [DEFAULT_CENTRE_PROFILE.phone, DEFAULT_CENTRE_PROFILE.secondPhone!] as const,
  email: DEFAULT_CENTRE_PROFILE.email,
  address: DEFAULT_CENTRE_PROFILE.address,
  providerTaxId: DEFAULT_CENTRE_PROFILE.taxId,
  licence: 'Licensed by the Ohio Department of Job and Family Services',
  socialUrl: 'https://www.facebook.com/',
  copyrightYear: 2024,
} as const;

export const centreAddressLine = addressLine(DEFAULT_CENTRE_PROFILE);
export const centreMapsUrl = mapsUrl(DEFAULT_CENTRE_PROFILE);
export { telHref } from './centre-profile';
