import type { ReactNode } from 'react';
import { Text } from 'react-aria-components';

/**
 * A field's help text and error message, in its React Aria field's description and error slots.
 *
 * Both elements are always there, hidden while empty (`empty:hidden`), rather than rendered only when they have
 * something to say. React Aria gives a field `aria-describedby` ids for both slots on its first render, then
 * checks after mounting whether the elements exist and, if one does not, renders the field again without it.
 * On a page rendered on the server that second render came for every field at once, in one task of 100-170 ms on
 * a phone right after the page became interactive (`/enrollment`'s form). An empty element adds nothing to the
 * field's description, so screen readers hear the same as before; an error fills it, and it shows.
 */
export function FieldMessages({ description, error }: { description?: ReactNode; error?: string | null }) {
  return (
    <>
      <Text slot="description" className="text-xs text-stone-600 empty:hidden">
        {description}
      </Text>
      <Text slot="errorMessage" className="text-sm font-medium text-red-700 empty:hidden">
        {error}
      </Text>
    </>
  );
}
