/**
 * The centre's own details (the phones, the e-mail, the address and the provider tax ID): this
 * is the one place both the client and the server read them from.
 */
export const centre = {
  name: 'Little Buckeyes Learning Center',
  shortName: 'Little Buckeyes',
  phones: ['(614) 555-0142', '(614) 555-0187'] as const,
  email: 'hello@littlebuckeyeslearning.com',
  address: {
    street: '1480 Summit Street',
    city: 'Columbus',
    state: 'OH',
    zip: '43201',
  },
  hours: 'Monday - Friday: 7:30 AM - 5:30 PM',
  /** The same hours for machines (the home page's structured data): 24-hour clock, centre time. */
  openingHours: { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:30', closes: '17:30' },
  /** Children cared for: 6 weeks to 5 years (the youngest in years, for structured data). */
  agesServed: { text: '6 weeks to 5 years', minYears: 0.12, maxYears: 5 },
  providerTaxId: '31-1234567',
  licence: 'Licensed by the Ohio Department of Job and Family Services',
  socialUrl: 'https://www.facebook.com/',
  copyrightYear: 2024,
} as const;

export const centreAddressLine = `${centre.address.street}, ${centre.address.city}, ${centre.address.state} ${centre.address.zip}`;

/** A maps search for the address; opened in a new tab by the visitor's own choice. */
export const centreMapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(centreAddressLine)}`;

/** `tel:` link for a display phone number. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}
