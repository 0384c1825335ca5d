import { usePortalIntl } from '../../i18n';

/** The 'Load more' button's words in the portal's language. */
export function useLoadMoreWords() {
  const { t } = usePortalIntl();
  return { more: t('portal.loadMore'), loading: t('portal.loading'), end: t('portal.everything') };
}
