import { createContext } from 'react';

/**
 * What a form's messages (a shared schema's English, or the server's words) become where they are shown: as they
 * are, but in the parent portal, which puts its language's here (client/i18n.tsx: a Spanish parent reads the
 * schema's refusals in Spanish). Its own module: the staff pages' forms import no FormatJS for it.
 */
export const FieldMessageLanguage = createContext<(message: string) => string>((message) => message);
