import { z } from 'zod';
import { GALLERY_CATEGORIES } from '../constants';
import { optionalText, plainString } from './fields';

/** The text fields of the gallery upload form (docs/product.md §3 pictures); the file itself is checked by the server. */
export const pictureFieldsSchema = z.object({
  category: plainString()
    .nullish()
    .transform((v) => (v ? v : 'general'))
    .pipe(z.enum(GALLERY_CATEGORIES, { error: 'error.galleryCategory' })),
  caption: optionalText(300),
});
export type PictureFieldsInput = z.input<typeof pictureFieldsSchema>;

/** Image types the gallery accepts, decided from the file's bytes (the browser's hint is only for the picker). */
export const GALLERY_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export const NO_FILE_MESSAGE = 'error.noFile';
export const ONLY_IMAGES_MESSAGE = 'error.onlyImages';
