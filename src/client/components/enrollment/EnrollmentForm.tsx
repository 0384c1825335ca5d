import { useMutation } from '@tanstack/react-query';
import { ClipboardList, HeartPulse, ShieldAlert, Smile, UserRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { centre, telHref } from '../../../shared/centre';
import { HOW_HEARD_CHOICES, PROGRAM_CHOICES, RELATIONSHIP_CHOICES, STATE_CHOICES } from '../../../shared/constants';
import { EMPTY_ENROLLMENT, type EnrollmentInput, enrollmentSchema } from '../../../shared/schemas/enrollment';
import { plainErrorMessage } from '../../lib/plain-error';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { TextField } from '../ui/Field';
import { Select } from '../ui/Select';
import { SubmitButton } from '../ui/SubmitButton';
import { FormSection } from './FormSection';

type FieldName = keyof EnrollmentInput;

const CHECK_AND_RETRY = 'Please check your information and try again.';

export function EnrollmentForm({ onSubmitted }: { onSubmitted: () => void }) {
  // After a failed submit each field is checked again as it changes; focus goes to the first invalid one.
  const { values, set, errors, parse, showServerErrors, formRef } = useSchemaForm(enrollmentSchema, EMPTY_ENROLLMENT, { onEdit: 'revalidate', focusInvalid: 'centred' });
  const submit = useMutation(trpc.enrollment.submit.mutationOptions());

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submit.isPending) return;
    if (!parse()) {
      toast({ title: 'Submission Failed', description: CHECK_AND_RETRY, variant: 'destructive' });
      return;
    }
    submit.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Application Submitted!', description: "We'll contact you within 24 hours to discuss next steps." });
        onSubmitted();
      },
      // The answers stay in the form whatever failed, so the parent can simply press Submit again.
      onError: (error) => {
        showServerErrors(error);
        toast({ title: 'Submission Failed', description: plainErrorMessage(error, CHECK_AND_RETRY), variant: 'destructive' });
      },
    });
  }

  /** Props every text field shares: value, change handler, message and name. */
  const text = (name: FieldName) => ({
    name,
    value: values[name],
    onChange: set(name),
    error: errors[name],
  });
  const choice = (name: FieldName) => ({
    name,
    value: values[name] || null,
    onChange: set(name),
    error: errors[name],
  });

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-describedby="required-note" className="flex flex-col gap-6">
      <p id="required-note" className="text-sm text-stone-600">
        Fields marked <span className="font-semibold text-red-600">*</span> are required.
      </p>

      <FormSection title="Parent/Guardian Information" icon={UserRound}>
        <TextField label="Parent First Name" required autoComplete="given-name" {...text('parentFirstName')} />
        <TextField label="Parent Last Name" required autoComplete="family-name" {...text('parentLastName')} />
        <TextField label="Email Address" type="email" required autoComplete="email" inputMode="email" {...text('parentEmail')} />
        <TextField label="Phone Number" type="tel" required autoComplete="tel" placeholder="(614) 555-0100" {...text('parentPhone')} />
        <TextField label="Street Address" required autoComplete="street-address" className="sm:col-span-2" {...text('parentAddress')} />
        <TextField label="City" required autoComplete="address-level2" {...text('parentCity')} />
        <div className="grid grid-cols-2 gap-4">
          <Select label="State" required options={STATE_CHOICES} {...choice('parentState')} />
          <TextField label="ZIP Code" required autoComplete="postal-code" inputMode="numeric" {...text('parentZip')} />
        </div>
      </FormSection>

      <FormSection title="Child Information" icon={Smile}>
        <TextField label="Child's First Name" required {...text('childFirstName')} />
        <TextField label="Child's Last Name" required {...text('childLastName')} />
        <TextField label="Date of Birth" type="date" required {...text('childDateOfBirth')} />
        <TextField label="Child's Age" required placeholder="e.g. 18 months or 3 years" {...text('childAge')} />
        <Select label="Program Requested" required placeholder="Select a program" options={PROGRAM_CHOICES} {...choice('programRequested')} />
        <TextField label="Desired Start Date" type="date" required {...text('startDate')} />
      </FormSection>

      <FormSection title="Emergency Contact" icon={ShieldAlert} description="Someone other than a parent we can reach if we cannot reach you.">
        <TextField label="Emergency Contact Name" required {...text('emergencyContactName')} />
        <TextField label="Emergency Contact Phone" type="tel" required {...text('emergencyContactPhone')} />
        <Select label="Relationship to Child" required placeholder="Select a relationship" options={RELATIONSHIP_CHOICES} {...choice('emergencyContactRelationship')} />
      </FormSection>

      <FormSection title="Medical Information" icon={HeartPulse} description="Optional, but it helps us care for your child safely from day one.">
        <TextField label="Pediatrician Name" {...text('pediatricianName')} />
        <TextField label="Pediatrician Phone" type="tel" {...text('pediatricianPhone')} />
        <TextField label="Allergies" multiline rows={2} placeholder="Food, medication or environmental allergies" className="sm:col-span-2" {...text('allergies')} />
        <TextField label="Medications" multiline rows={2} placeholder="Current medications and dosages" className="sm:col-span-2" {...text('medications')} />
        <TextField label="Medical Conditions" multiline rows={2} placeholder="Any conditions we should know about" className="sm:col-span-2" {...text('medicalConditions')} />
      </FormSection>

      <FormSection title="Additional Information" icon={ClipboardList}>
        <TextField label="Special Instructions" multiline rows={3} placeholder="Routines, comfort items, dietary needs or anything else" className="sm:col-span-2" {...text('specialInstructions')} />
        <Select label="How did you hear about us?" placeholder="Select an option" options={HOW_HEARD_CHOICES} {...choice('howDidYouHear')} />
      </FormSection>

      {/* Honeypot: invisible to people and to assistive technology; only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="enrollment-website">Leave this field empty</label>
        <input
          id="enrollment-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => set('website')(e.target.value)}
        />
      </div>

      <noscript>
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          This form needs JavaScript to send your answers. Please turn it on, or call us at{' '}
          <a className="font-semibold underline" href={telHref(centre.phones[0])}>
            {centre.phones[0]}
          </a>
          .
        </p>
      </noscript>
      {/* Disabled until React has the page the server drew: see SubmitButton. */}
      <SubmitButton size="lg" isDisabled={submit.isPending} className="w-full">
        {submit.isPending ? 'Submitting Application...' : 'Submit Enrollment Application'}
      </SubmitButton>
    </form>
  );
}

