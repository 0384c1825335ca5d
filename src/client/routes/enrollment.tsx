import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { centre, telHref } from '../../shared/centre';
import { EnrollmentForm } from '../components/enrollment/EnrollmentForm';
import { EnrollmentSuccess } from '../components/enrollment/EnrollmentSuccess';
import { publicPageHead } from '../lib/page-title';

export const Route = createFileRoute('/enrollment')({
  head: publicPageHead('/enrollment'),
  component: EnrollmentPage,
});

function EnrollmentPage() {
  const [submitted, setSubmitted] = useState(false);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      {submitted ? (
        <EnrollmentSuccess />
      ) : (
        <>
          <header className="mb-8 text-center">
            <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Online Enrollment Application</h1>
            <p className="mt-3 text-stone-700">
              Apply for a spot at {centre.name}. It takes about 10 minutes; we will call you within 24 hours. Questions? Call{' '}
              <a href={telHref(centre.phones[0])} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2">
                {centre.phones[0]}
              </a>
              .
            </p>
          </header>
          <EnrollmentForm onSubmitted={() => setSubmitted(true)} />
        </>
      )}
    </main>
  );
}
