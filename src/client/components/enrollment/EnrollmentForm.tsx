import { useMutation } from '@tanstack/react-query';
import { ClipboardList, HeartPulse, ShieldAlert, Smile, UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { HOW_HEARD_CHOICES, PROGRAM_CHOICES, RELATIONSHIP_CHOICES, STATE_CHOICES } from '../../../shared/constants';
import { EMPTY_ENROLLMENT, type EnrollmentInput, enrollmentSchema } from '../../../shared/schemas/enrollment';
import { fieldMessages } from '../../../shared/schemas/fields';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { Select } from '../ui/Select';
import { cn } from '../ui/cn';
import { FormSection } from './FormSection';

type FieldName = keyof EnrollmentInput;
type Values = Record<FieldName, string>;
type Errors = Partial<Record<string, string>>;

const CHECK_AND_RETRY = 'Please check your information and try again.';

export function EnrollmentForm({ onSubmitted }: { onSubmitted: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY_ENROLLMENT);
  const [errors, setErrors] = useState<Errors>({});
  /** After a failed submit, each field is checked again as it changes. */
  const [attempted, setAttempted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useMutation(trpc.enrollment.submit.mutationOptions());

  // Focus the first invalid field (in page order) once the messages are on screen.
  useEffect(() => {
    if (focusRequest === 0) return;
    const fields = formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [];
    for (const field of fields) {
      if (!errors[field.dataset.field!]) continue;
      // Centre it rather than let focus scroll it to the very top, under the sticky navigation bar.
      field.scrollIntoView({ block: 'center' });
      field.querySelector<HTMLElement>(':is(input, textarea, button):not([tabindex="-1"])')?.focus({ preventScroll: true });
      break;
    }
    // Only a new request moves focus, not every later change of the messages.
  }, [focusRequest]);

  function set(name: FieldName, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (!attempted) return;
    const result = enrollmentSchema.safeParse(next);
    const message = result.success ? undefined : fieldMessages(result.error)[name];
    setErrors((prev) => ({ ...prev, [name]: message }));
  }

  function showErrors(next: Errors) {
    setErrors(next);
    setAttempted(true);
    setFocusRequest((n) => n + 1);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submit.isPending) return;
    const result = enrollmentSchema.safeParse(values);
    if (!result.success) {
      showErrors(fieldMessages(result.error));
      toast({ title: 'Submission Failed', description: CHECK_AND_RETRY, variant: 'destructive' });
      return;
    }
    submit.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Application Submitted!', description: "We'll contact you within 24 hours to discuss next steps." });
        onSubmitted();
      },
      onError: (error) => {
        const fieldErrors = error.data?.fieldErrors;
        if (fieldErrors && Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
        toast({ title: 'Submission Failed', description: error.message || CHECK_AND_RETRY, variant: 'destructive' });
      },
    });
  }

  /** Props every text field shares: value, change handler, message and name. */
  const text = (name: FieldName) => ({
    name,
    value: values[name],
    onChange: (v: string) => set(name, v),
    error: errors[name],
  });
  const choice = (name: FieldName) => ({
    name,
    value: values[name] || null,
    onChange: (v: string) => set(name, v),
    error: errors[name],
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-describedby="required-note" className="flex flex-col gap-6">
      <p id="required-note" className="text-sm text-stone-600">
        Fields marked <span className="font-semibold text-red-600">*</span> are required.
      </p>

      <FormSection title="Parent/Guardian Information" icon={UserRound}>
        <Field name="parentFirstName">
          <TextField label="Parent First Name" required autoComplete="given-name" {...text('parentFirstName')} />
        </Field>
        <Field name="parentLastName">
          <TextField label="Parent Last Name" required autoComplete="family-name" {...text('parentLastName')} />
        </Field>
        <Field name="parentEmail">
          <TextField label="Email Address" type="email" required autoComplete="email" inputMode="email" {...text('parentEmail')} />
        </Field>
        <Field name="parentPhone">
          <TextField label="Phone Number" type="tel" required autoComplete="tel" placeholder="(614) 555-0100" {...text('parentPhone')} />
        </Field>
        <Field name="parentAddress" wide>
          <TextField label="Street Address" required autoComplete="street-address" {...text('parentAddress')} />
        </Field>
        <Field name="parentCity">
          <TextField label="City" required autoComplete="address-level2" {...text('parentCity')} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field name="parentState">
            <Select label="State" required options={STATE_CHOICES} {...choice('parentState')} />
          </Field>
          <Field name="parentZip">
            <TextField label="ZIP Code" required autoComplete="postal-code" inputMode="numeric" {...text('parentZip')} />
          </Field>
        </div>
      </FormSection>

      <FormSection title="Child Information" icon={Smile}>
        <Field name="childFirstName">
          <TextField label="Child's First Name" required {...text('childFirstName')} />
        </Field>
        <Field name="childLastName">
          <TextField label="Child's Last Name" required {...text('childLastName')} />
        </Field>
        <Field name="childDateOfBirth">
          <TextField label="Date of Birth" type="date" required {...text('childDateOfBirth')} />
        </Field>
        <Field name="childAge">
          <TextField label="Child's Age" required placeholder="e.g. 18 months or 3 years" {...text('childAge')} />
        </Field>
        <Field name="programRequested">
          <Select label="Program Requested" required placeholder="Select a program" options={PROGRAM_CHOICES} {...choice('programRequested')} />
        </Field>
        <Field name="startDate">
          <TextField label="Desired Start Date" type="date" required {...text('startDate')} />
        </Field>
      </FormSection>

      <FormSection title="Emergency Contact" icon={ShieldAlert} description="Someone other than a parent we can reach if we cannot reach you.">
        <Field name="emergencyContactName">
          <TextField label="Emergency Contact Name" required {...text('emergencyContactName')} />
        </Field>
        <Field name="emergencyContactPhone">
          <TextField label="Emergency Contact Phone" type="tel" required {...text('emergencyContactPhone')} />
        </Field>
        <Field name="emergencyContactRelationship">
          <Select label="Relationship to Child" required placeholder="Select a relationship" options={RELATIONSHIP_CHOICES} {...choice('emergencyContactRelationship')} />
        </Field>
      </FormSection>

      <FormSection title="Medical Information" icon={HeartPulse} description="Optional, but it helps us care for your child safely from day one.">
        <Field name="pediatricianName">
          <TextField label="Pediatrician Name" {...text('pediatricianName')} />
        </Field>
        <Field name="pediatricianPhone">
          <TextField label="Pediatrician Phone" type="tel" {...text('pediatricianPhone')} />
        </Field>
        <Field name="allergies" wide>
          <TextField label="Allergies" multiline rows={2} placeholder="Food, medication or environmental allergies" {...text('allergies')} />
        </Field>
        <Field name="medications" wide>
          <TextField label="Medications" multiline rows={2} placeholder="Current medications and dosages" {...text('medications')} />
        </Field>
        <Field name="medicalConditions" wide>
          <TextField label="Medical Conditions" multiline rows={2} placeholder="Any conditions we should know about" {...text('medicalConditions')} />
        </Field>
      </FormSection>

      <FormSection title="Additional Information" icon={ClipboardList}>
        <Field name="specialInstructions" wide>
          <TextField label="Special Instructions" multiline rows={3} placeholder="Routines, comfort items, dietary needs or anything else" {...text('specialInstructions')} />
        </Field>
        <Field name="howDidYouHear">
          <Select label="How did you hear about us?" placeholder="Select an option" options={HOW_HEARD_CHOICES} {...choice('howDidYouHear')} />
        </Field>
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
          onChange={(e) => setValues((v) => ({ ...v, website: e.target.value }))}
        />
      </div>

      <Button type="submit" size="lg" isDisabled={submit.isPending} className="w-full">
        {submit.isPending ? 'Submitting Application...' : 'Submit Enrollment Application'}
      </Button>
    </form>
  );
}

/** Marks a field's place in the form, so the first invalid one (in page order) can receive focus. */
function Field({ name, wide, children }: { name: FieldName; wide?: boolean; children: React.ReactNode }) {
  return (
    <div data-field={name} className={cn(wide && 'sm:col-span-2')}>
      {children}
    </div>
  );
}
