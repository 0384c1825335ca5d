import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { NOT_FOUND_TITLE } from '../../shared/public-pages';
import { Card } from './ui/Card';

/** SPEC.md §2: any other path. */
export function NotFound() {
  // The not-found screen has no route of its own to give it a head, so it names the tab itself.
  useEffect(() => {
    const previous = document.title;
    document.title = NOT_FOUND_TITLE;
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md p-6">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden="true" className="size-8 text-red-500" />
          <h1 className="text-2xl font-bold text-stone-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-stone-600">Did you forget to add the page to the router?</p>
      </Card>
    </main>
  );
}
