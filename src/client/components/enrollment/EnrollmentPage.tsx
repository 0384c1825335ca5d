import { ClipboardList, HeartPulse, ShieldAlert, Smile, TriangleAlert, UserRound } from 'lucide-react';
import { pageCentre } from '~/shared/page-centre';
import { telHref } from '~/shared/centre-profile';
import { areaCode } from '~/shared/phone';
import { PROGRAM_CHOICES } from '~/shared/constants';
import { HOW_HEARD_CHOICES, RELATIONSHIP_CHOICES, STATE_CHOICES } from '~/shared/enrollment-choices';
import { EMPTY_ENROLLMENT, type EnrollmentInput } from '~/shared/schemas/enrollment';
import { buttonClass } from '../ui/button-class';
import type { SiteKey as MessageKey } from '~/shared/i18n/en';
import { type Translate, usePageLanguage, useT } from '../../lib/i18n';
import { DocumentSelect, DocumentTextField } from './DocumentFields';
import { EnrollmentSuccess } from './EnrollmentSuccess';
import { FormSection } from './FormSection';

export type EnrollmentField = keyof EnrollmentInput;

/** What the server renders /enrollment with: empty, refused with messages, warned about the program, or sent. */
export interface EnrollmentView {
  submitted: boolean;
  values: Partial<Record<EnrollmentField, string>>;
  errors: Partial<Record<string, string>>;
  /** A refusal that is not about one field (too many applications from this network, the spam trap). */
  formError?: string | null;
  /** The program does not fit the child's age (shared/program-age.ts): the parent may apply anyway. */
  ageWarning?: string | null;
  ageWarningAccepted?: boolean;
  /** The page's language: `/es/enrollment` is Spanish, and so is the application it sends. */
  language?: 'en' | 'es';
}

export const CHECK_AND_RETRY = 'Please check your information and try again.';

/** A select's choices with their words from the catalogue (`prefix` + value). */
function choicesIn(t: Translate, prefix: string, choices: readonly { value: string }[]) {
  return choices.map(({ value }) => ({ value, label: t(`${prefix}${value}` as MessageKey) }));
}
/** The checkbox that accepts the age warning; not a field of the application. */
export const ACCEPT_AGE_WARNING = 'applyAnyway';

/** The order the fields come in the form: the first with a message is the one focused. */
const FIELD_ORDER = Object.keys(EMPTY_ENROLLMENT) as EnrollmentField[];
/** Written by the page, not typed: the language of the page. */
const NOT_TYPED = new Set<string>(['language', 'website']);

export function EnrollmentPage({ view }: { view: EnrollmentView }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">{view.submitted ? <EnrollmentSuccess /> : <EnrollmentForm view={view} />}</main>
  );
}

function EnrollmentForm({ view }: { view: EnrollmentView }) {
  const centre = pageCentre();
  const { values, errors, formError, ageWarning, ageWarningAccepted } = view;
  const t = useT();
  const language = usePageLanguage();
  const firstInvalid = FIELD_ORDER.find((name) => errors[name] && !NOT_TYPED.has(name));
  // A message the schema gives no field of the form (a rule across fields) is said for the whole form.
  const elsewhere = Object.entries(errors).find(([name, message]) => message && !FIELD_ORDER.includes(name as EnrollmentField))?.[1];
  const problem = formError ?? (firstInvalid ? null : elsewhere) ?? null;
  const refused = Boolean(firstInvalid || problem);
  const text = (name: EnrollmentField) => ({
    name,
    value: values[name] ?? EMPTY_ENROLLMENT[name],
    error: errors[name],
    focus: name === firstInvalid,
  });
  return (
    <>
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">{t('enrollment.title')}</h1>
        <p className="mt-3 text-stone-700">
          {t('enrollment.introBefore', { name: centre.name })}{' '}
          <a
            href={telHref(centre.phone)}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
          >
            {centre.phone}
          </a>
          .
        </p>
      </header>
      {refused && (
        // What the toast says when the script sends the form (docs/product.md §8), here for a form the browser sent itself.
        <div
          id="form-problem"
          role="alert"
          tabIndex={-1}
          className="mb-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 outline-none"
        >
          <h2 className="font-bold">{t('enrollment.failed')}</h2>
          <p className="text-sm">{problem ?? t('enrollment.checkRetry')}</p>
          {firstInvalid && (
            <ul className="mt-2 list-disc pl-5 text-sm">
              {FIELD_ORDER.filter((name) => errors[name]).map((name) => (
                <li key={name}>
                  <a href={`#${name}`} className="inline-flex min-h-11 items-center underline underline-offset-2 sm:min-h-0">
                    {errors[name]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <form
        id="enrollment-form"
        method="post"
        action={language === 'es' ? '/es/enrollment' : '/enrollment'}
        noValidate
        aria-describedby="required-note"
        className="flex flex-col gap-6"
      >
        <p id="required-note" className="text-sm text-stone-600">
          {t('enrollment.requiredBefore')} <span className="font-semibold text-red-600">*</span> {t('enrollment.requiredAfter')}
        </p>

        <input type="hidden" name="language" value={language} />
        <FormSection title={t('enrollment.section.parent')} icon={UserRound}>
          <DocumentTextField
            label={t('enrollment.field.parentFirstName')}
            required
            autoComplete="given-name"
            {...text('parentFirstName')}
          />
          <DocumentTextField label={t('enrollment.field.parentLastName')} required autoComplete="family-name" {...text('parentLastName')} />
          <DocumentTextField
            label={t('enrollment.field.parentEmail')}
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            {...text('parentEmail')}
          />
          <DocumentTextField
            label={t('enrollment.field.parentPhone')}
            type="tel"
            required
            autoComplete="tel"
            placeholder={t('enrollment.phoneExample', { area: areaCode(centre.phone) })}
            {...text('parentPhone')}
          />
          <DocumentTextField
            label={t('enrollment.field.parentAddress')}
            required
            autoComplete="street-address"
            className="sm:col-span-2"
            {...text('parentAddress')}
          />
          <DocumentTextField label={t('enrollment.field.parentCity')} required autoComplete="address-level2" {...text('parentCity')} />
          <div className="grid grid-cols-2 gap-4">
            <DocumentSelect
              label={t('enrollment.field.parentState')}
              required
              options={choicesIn(t, 'enrollment.state.', STATE_CHOICES)}
              {...text('parentState')}
            />
            <DocumentTextField
              label={t('enrollment.field.parentZip')}
              required
              autoComplete="postal-code"
              inputMode="numeric"
              {...text('parentZip')}
            />
          </div>
        </FormSection>

        <FormSection title={t('enrollment.section.child')} icon={Smile}>
          <DocumentTextField label={t('enrollment.field.childFirstName')} required {...text('childFirstName')} />
          <DocumentTextField label={t('enrollment.field.childLastName')} required {...text('childLastName')} />
          <DocumentTextField label={t('enrollment.field.childDateOfBirth')} type="date" required {...text('childDateOfBirth')} />
          <DocumentTextField
            label={t('enrollment.field.childAge')}
            required
            placeholder={t('enrollment.field.childAgePlaceholder')}
            {...text('childAge')}
          />
          <DocumentSelect
            label={t('enrollment.field.programRequested')}
            required
            placeholder={t('enrollment.field.programPlaceholder')}
            options={choicesIn(t, 'enrollment.program.', PROGRAM_CHOICES)}
            {...text('programRequested')}
          />
          <DocumentTextField label={t('enrollment.field.startDate')} type="date" required {...text('startDate')} />
          {/* Shown by the server after a submit, and by the page's script as the dates and program change. */}
          <div
            id="age-warning"
            hidden={!ageWarning}
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:col-span-2"
          >
            <p className="flex items-start gap-2 text-sm">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span id="age-warning-text">{ageWarning ?? ''}</span>
            </p>
            <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
              <input
                type="checkbox"
                id={ACCEPT_AGE_WARNING}
                name={ACCEPT_AGE_WARNING}
                value="yes"
                defaultChecked={ageWarningAccepted}
                aria-describedby="age-warning-text"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the server answered the submitted form with this warning: focus goes to the one thing to confirm, like a field error
                autoFocus={Boolean(ageWarning && !refused) || undefined}
                className="size-5 accent-brand-700"
              />
              {t('enrollment.applyAnyway')}
            </label>
          </div>
        </FormSection>

        <FormSection title={t('enrollment.section.emergency')} icon={ShieldAlert} description={t('enrollment.section.emergencyNote')}>
          <DocumentTextField label={t('enrollment.field.emergencyContactName')} required {...text('emergencyContactName')} />
          <DocumentTextField label={t('enrollment.field.emergencyContactPhone')} type="tel" required {...text('emergencyContactPhone')} />
          <DocumentSelect
            label={t('enrollment.field.emergencyContactRelationship')}
            required
            placeholder={t('enrollment.field.relationshipPlaceholder')}
            options={choicesIn(t, 'enrollment.relationship.', RELATIONSHIP_CHOICES)}
            {...text('emergencyContactRelationship')}
          />
        </FormSection>

        <FormSection title={t('enrollment.section.medical')} icon={HeartPulse} description={t('enrollment.section.medicalNote')}>
          <DocumentTextField label={t('enrollment.field.pediatricianName')} {...text('pediatricianName')} />
          <DocumentTextField label={t('enrollment.field.pediatricianPhone')} type="tel" {...text('pediatricianPhone')} />
          <DocumentTextField
            label={t('enrollment.field.allergies')}
            multiline
            rows={2}
            placeholder={t('enrollment.field.allergiesPlaceholder')}
            className="sm:col-span-2"
            {...text('allergies')}
          />
          <DocumentTextField
            label={t('enrollment.field.medications')}
            multiline
            rows={2}
            placeholder={t('enrollment.field.medicationsPlaceholder')}
            className="sm:col-span-2"
            {...text('medications')}
          />
          <DocumentTextField
            label={t('enrollment.field.medicalConditions')}
            multiline
            rows={2}
            placeholder={t('enrollment.field.medicalConditionsPlaceholder')}
            className="sm:col-span-2"
            {...text('medicalConditions')}
          />
        </FormSection>

        <FormSection title={t('enrollment.section.additional')} icon={ClipboardList}>
          <DocumentTextField
            label={t('enrollment.field.specialInstructions')}
            multiline
            rows={3}
            placeholder={t('enrollment.field.specialInstructionsPlaceholder')}
            className="sm:col-span-2"
            {...text('specialInstructions')}
          />
          <DocumentSelect
            label={t('enrollment.field.howDidYouHear')}
            placeholder={t('enrollment.field.howPlaceholder')}
            options={choicesIn(t, 'enrollment.heard.', HOW_HEARD_CHOICES)}
            {...text('howDidYouHear')}
          />
        </FormSection>

        {/* Honeypot: invisible to people and to assistive technology; only bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
          <label htmlFor="enrollment-website">{t('enrollment.field.honeypot')}</label>
          <input id="enrollment-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue={values.website ?? ''} />
        </div>

        <button type="submit" className={buttonClass('primary', 'lg', 'w-full')}>
          {t('enrollment.submit')}
        </button>
      </form>
      {/* The success screen, for the page's script to show in place of the form once the API has the application. */}
      <template id="enrollment-success">
        <EnrollmentSuccess />
      </template>
    </>
  );
}
