import { pageCentre } from '~/shared/page-centre';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { BookOpen, CalendarDays, KeyRound, LogOut, NotebookPen, Settings, Sparkles } from '~/client/components/icons/first-view-icons';
import { type ReactNode, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { ParentDashboardSearch, ParentDashboardTab } from '~/shared/parent-dashboard-search';
import { clearSignOutPending, forgetOfflineCopies, markSignOutPending } from '../../lib/offline';
import { rememberPortalLanguage } from '../../lib/portal-catalogue';
import { clearParentSession } from '../../lib/parent-session';
import { useOfferSignOut } from '../../lib/header-sign-out';
import { isSigningOut, parentSignInAfterSessionEnded, signingOut } from '../../lib/session-ended';
import { toast } from '../../lib/toast';
import { takeToastLeftForThisPage } from '../../lib/toast-handoff';
import { isNotFound, isUnauthorized, queryClient, trpcClient } from '../../lib/trpc';
import { PlainButton } from '../ui/PlainButton';
import { Card } from '../ui/Card';
import { ChildSelect } from './child-select';

export { loadChildSelect } from './child-select';
/** Fetches a tab's code (the route's loader, for the tab the address opens). */
export const loadTab = (tab: ParentDashboardTab) => PORTAL_TABS[tab].load();
import { revealTabPanel } from '../ui/reveal-tab-panel';
import { PortalTabs } from './PortalTabs';
import { PORTAL_TABS } from './tabs';
import { lazyPortalPart } from './portal-words';
import { programLabel } from './program-label';
import { TodayAttendance } from './TodayAttendance';
import { dashboardQuery, signedInParentQuery, usePortalLanguage } from './queries';
import { PortalIntlProvider, usePortalIntl, useCatalogueReady } from '../../i18n';
import { TOAST_CLEARANCE } from '~/client/lib/toast-area';

/** Loaded when first opened: its password rules bring the common-password dictionary (shared/schemas/password-policy.ts). */
const ChangePasswordDialog = lazyPortalPart(
  () => import('./ChangePasswordDialog'),
  (m) => m.ChangePasswordDialog,
);
/**
 * Native buttons (PlainButton): a click is all they need, and React Aria's press handling is not in the first load.
 * The header's three buttons (Preferences, Change Password, Sign Out): one look, each at least 44 px square. On a
 * 375 px phone they share one row in three equal columns, the icon above the words, which may take two lines
 * ('Change / Password', 'Cambiar / contraseña') rather than push a button onto a row of its own.
 */
const HEADER_BUTTON =
  'min-w-11 max-sm:flex-col max-sm:gap-1 max-sm:px-1.5 max-sm:py-1.5 max-sm:text-xs max-sm:leading-tight max-sm:text-center';

/** Loaded when first opened, as the password dialog (language and notification choices). */
const PreferencesDialog = lazyPortalPart(
  () => import('./PreferencesDialog'),
  (m) => m.PreferencesDialog,
);

function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: number | undefined }) {
  return (
    // On a phone the icon sits above the words, so 'Development Notes' has the card's width and never breaks mid-word.
    <Card className="flex flex-col items-start gap-2 p-4 sm:flex-row sm:items-center sm:gap-3">
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        {icon}
      </span>
      <div>
        <p className="text-sm text-stone-600">{label}</p>
        <p className="text-2xl font-bold text-stone-900">{value ?? '-'}</p>
      </div>
    </Card>
  );
}

/**
 * The portal in the parent's saved language (ADR 047): the dashboard's first answer carries it (so a
 * page the server rendered is hydrated in it), and the Preferences dialog changes it at once. Until the chosen
 * language's words have loaded, the portal says 'Loading...'.
 */
export function ParentDashboard() {
  const search = useSearch({ from: '/parent-dashboard' });
  const language = usePortalLanguage(search.child ?? null);
  const ready = useCatalogueReady(language);
  return <PortalIntlProvider language={ready ? language : 'en'}>{ready ? <Dashboard /> : <Loading />}</PortalIntlProvider>;
}

function Loading() {
  const { t } = usePortalIntl();
  return (
    <main className="mx-auto max-w-5xl px-4 py-16 text-center text-stone-600" aria-busy="true">
      {t('portal.loading')}
    </main>
  );
}

function TabLoading() {
  const { t } = usePortalIntl();
  return <p className="py-6 text-center text-stone-600">{t('portal.loading')}</p>;
}

function Dashboard() {
  const centre = pageCentre();
  const intl = usePortalIntl();
  const { t } = intl;
  // The sign-in in the portal's language: /es/parent-login for a parent who reads Spanish.
  const signIn = `${intl.language === 'es' ? '/es' : ''}/parent-login`;
  const navigate = useNavigate();
  // The child shown and the tab open live in the address (shared/parent-dashboard-search.ts): each choice is a
  // step the Back button undoes, and a reload comes back to it. The page keeps its scroll position.
  const search = useSearch({ from: '/parent-dashboard' });
  const childId = search.child ?? null;
  const tab = search.tab ?? 'today';
  // Each choice changes only what it names, in the address as it is when it runs (not as this render saw it): a
  // choice of child never puts back a tab the parent has left, nor a tab choice a child (ADR 067).
  const choose = (next: ParentDashboardSearch) =>
    navigate({ from: '/parent-dashboard', to: '/parent-dashboard', search: (current) => ({ ...current, ...next }), resetScroll: false });
  const setChildId = (id: string) => void choose({ child: id });
  // On a phone the tabs sit below the header and the four figures: the chosen tab's content is brought into view.
  const tabsRef = useRef<HTMLDivElement>(null);
  const setTab = (key: ParentDashboardTab) => {
    if (key === tab) return;
    void choose({ tab: key === 'today' ? undefined : key }).then(() => revealTabPanel(tabsRef.current));
  };
  const [changing, setChanging] = useState(false);
  const [preferring, setPreferring] = useState(false);
  const [preferOpened, setPreferOpened] = useState(false);
  /** The dialog stays mounted once opened (its closing animation, its chunk already loaded). */
  const [changeOpened, setChangeOpened] = useState(false);
  const dashboard = useQuery({ ...dashboardQuery(childId), placeholderData: keepPreviousData });
  // The answer is rendered at a transition's priority: React renders the whole dashboard in slices of a few
  // milliseconds and a phone answers a tap in between (rendered at once, it was two tasks of 200-260 ms on
  // Lighthouse's 4x slower CPU). Until then the page shows what it showed before (Loading..., or the other child).
  const shown = useDeferredValue(dashboard.data);
  // The language shown, kept in this browser once the server has said it (with the dashboard: before, the page's own
  // `lang` is only a guess, English on the app's shell): a reload after the session expired finds the same sign-in (ADR 054).
  // The tab's title in that language too (the route's head is the English one).
  useEffect(() => {
    if (shown) rememberPortalLanguage(intl.language);
    document.title = t('portal.documentTitle', { centre: centre.name });
  }, [shown, intl.language, t, centre.name]);
  const parent = useQuery(signedInParentQuery()).data;
  /** The address names a child that is not (or no longer) this parent's: the server answered 404. */
  const notTheirs = !!childId && isNotFound(dashboard.error);

  // docs/product.md §8's 'Welcome back!', said by the sign-in page's script just before it loaded this page.
  useEffect(() => {
    const welcome = takeToastLeftForThisPage();
    if (welcome) toast(welcome);
  }, []);

  // A 401 anywhere (expired, signed out elsewhere, account closed) is handled once, in lib/session-ended.ts.
  // A 403 is a session of the wrong kind (a staff cookie on this page): back to the parent sign-in as well.
  useEffect(() => {
    if (dashboard.error && isUnauthorized(dashboard.error, [403]) && !isSigningOut()) {
      clearParentSession();
      queryClient.clear();
      // The sign-in is a document of its own (ADR 037): a full page load, with the tab open, as for a 401.
      window.location.assign(parentSignInAfterSessionEnded());
    } else if (notTheirs) {
      // A child in the address that is not (or no longer) theirs: their first child instead.
      void navigate({ to: '/parent-dashboard', search: {}, replace: true });
    }
  }, [dashboard.error, navigate, notTheirs]);

  const child = shown?.child ?? null;
  const selectedId = child?.id ?? '';
  const OpenTab = PORTAL_TABS[tab].Tab;
  async function signOut() {
    const stay = signingOut();
    // The phone's cached copies of this parent's dashboard go first, even offline (ADR 051).
    await forgetOfflineCopies();
    // Marked before it is sent: if the phone is offline, the worker sends it as soon as it is back online, before
    // anything else loads, and says meanwhile that it waits (ADR 067).
    const marked = await markSignOutPending({
      language: intl.language,
      heading: t('portal.signOutPending.heading'),
      body: t('portal.signOutPending.body'),
    });
    // Any answer means the server was reached (a 401: the session had ended already). Sent even offline (it then
    // fails at once): signing out never waits for the network (ADR 051). A call of its own, not a mutation: the
    // mutation hook's code is not in the first load (ADR 108), and nothing else watches this one.
    const reached = await trpcClient.parentAuth.logout.mutate().then(
      () => true,
      (error: unknown) => isUnauthorized(error, [401]),
    );
    if (reached) await clearSignOutPending();
    else if (!marked) {
      // Nothing would send it later (no worker): the page stays, and says plainly the phone is still signed in.
      stay();
      toast({ title: t('portal.signOutPending.stillSignedIn'), variant: 'destructive' });
      return;
    }
    clearParentSession();
    queryClient.clear();
    window.location.assign(signIn);
  }

  // The same Sign Out in the header's phone menu, while the dashboard is shown.
  useOfferSignOut(shown ? t('portal.signOut') : null, signOut);

  if (dashboard.isError && !isUnauthorized(dashboard.error) && !notTheirs) {
    return (
      <main className="mx-auto max-w-5xl px-4 py-16 text-center text-stone-700">
        <p>{t('portal.loadFailed')}</p>
      </main>
    );
  }
  if (!shown) {
    return <Loading />;
  }
  const data = shown;

  const signOutButton = (className?: string) => (
    <PlainButton variant="outline" className={className} onClick={() => void signOut()}>
      <LogOut aria-hidden="true" className="size-4 shrink-0" />
      {t('portal.signOut')}
    </PlainButton>
  );

  if (!child) {
    return (
      <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">{t('portal.title')}</h1>
        <p className="text-stone-700">{t('portal.noChild')}</p>
        {signOutButton()}
      </main>
    );
  }

  return (
    <main className={`mx-auto max-w-5xl px-4 pt-6 ${TOAST_CLEARANCE}`} aria-busy={dashboard.isFetching}>
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-stone-900 sm:text-3xl">{t('portal.heading', { child: child.childName })}</h1>
          {parent && <p className="text-stone-600">{t('portal.welcome', { name: parent.firstName || t('portal.parent') })}</p>}
        </div>
        <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto sm:flex-wrap">
          <PlainButton
            variant="outline"
            className={HEADER_BUTTON}
            onClick={() => {
              setPreferOpened(true);
              setPreferring(true);
            }}
          >
            <Settings aria-hidden="true" className="size-4 shrink-0" />
            {t('portal.preferences')}
          </PlainButton>
          <PlainButton
            variant="outline"
            className={HEADER_BUTTON}
            onClick={() => {
              setChangeOpened(true);
              setChanging(true);
            }}
          >
            <KeyRound aria-hidden="true" className="size-4 shrink-0" />
            {t('portal.changePassword')}
          </PlainButton>
          {signOutButton(HEADER_BUTTON)}
        </div>
      </div>

      {data.children.length > 1 && (
        // The placeholder holds the select's height (label and field) while its code loads: nothing below moves.
        <Suspense fallback={<div className="mb-5 h-17" />}>
          <ChildSelect
            className="mb-5 max-w-sm"
            label={t('portal.selectChild')}
            placeholder={t('portal.selectChild')}
            value={selectedId}
            onChange={(id) => setChildId(id)}
            options={data.children.map((c) => ({ value: c.id, label: `${c.childName} (${programLabel(intl, c.program)})` }))}
          />
        </Suspense>
      )}

      <TodayAttendance childId={child.id} startsOn={child.startDate} />
      <section aria-label={t('portal.atAGlance')} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard icon={<CalendarDays className="size-5" />} label={t('portal.stat.totalActivities')} value={data.stats?.totalActivities} />
        <StatCard icon={<Sparkles className="size-5" />} label={t('portal.stat.thisWeek')} value={data.stats?.weeklyActivities} />
        <StatCard icon={<NotebookPen className="size-5" />} label={t('portal.stat.notes')} value={data.stats?.totalNotes} />
        <StatCard icon={<BookOpen className="size-5" />} label={t('portal.stat.skills')} value={data.stats?.skillsWorkedOn} />
      </section>

      {/* A screen tall at least, so the tabs can be scrolled to the top while a short tab's content is still loading. */}
      <div ref={tabsRef} className="max-md:min-h-dvh">
        <PortalTabs
          search={search}
          label={t('portal.tabs')}
          labels={{
            today: t('portal.tab.today'),
            overview: t('portal.tab.overview'),
            activities: t('portal.tab.activities'),
            notes: t('portal.tab.notes'),
            milestones: t('portal.tab.milestones'),
            health: t('portal.tab.health'),
            communication: t('portal.tab.communication'),
            payments: t('portal.tab.payments'),
          }}
          onSelect={setTab}
        >
          {/* Keyed by tab: a tab opened the first time shows the loading state in its place while its code loads. */}
          <Suspense key={tab} fallback={<TabLoading />}>
            <OpenTab data={data} child={child} parent={parent} openTab={setTab} />
          </Suspense>
        </PortalTabs>
      </div>
      {changeOpened && (
        <Suspense fallback={null}>
          <ChangePasswordDialog isOpen={changing} onOpenChange={setChanging} />
        </Suspense>
      )}
      {preferOpened && (
        <Suspense fallback={null}>
          <PreferencesDialog isOpen={preferring} onOpenChange={setPreferring} />
        </Suspense>
      )}
    </main>
  );
}
