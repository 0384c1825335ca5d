import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { clearStoredAdmin } from '../../lib/admin-session';
import { formatDateTime } from '../../lib/format';
import { useOfferSignOut } from '../../lib/header-sign-out';
import { leavingForSignIn, signingOut } from '../../lib/session-ended';
import { isUnauthorized, queryClient, trpc } from '../../lib/trpc';
import { Button } from '../ui/Button';
import { OutboxButton } from './OutboxDialog';
import { revealTabPanel, Tab, TabCount, TabList, TabPanel, Tabs } from '../ui/Tabs';
import { type AdminTabId, landingTab, TAB_COUNTS, tabsFor } from './admin-tabs';
import { OwnPasswordButton } from './OwnPasswordButton';
import { SecondFactorButton } from './SecondFactorButton';
import { SecondFactorSetupPage } from './SecondFactorSetupPage';
import { PANELS } from './tab-panels';
import { staffText } from './staff-words';
import { TOAST_CLEARANCE } from '~/client/lib/toast-area';

/** A tab's label, from the staff area's English-only catalogue (ADR 070). */
const tabLabel = (id: AdminTabId): string => staffText(`staff.tab.${id}`);

export function AdminDashboard() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: AdminTabId };
  // The server, not local storage, decides whether this is staff: no session, no dashboard.
  // Checked again when the director comes back to the window, so an expired session shows no stale dashboard.
  const me = useQuery({ ...trpc.adminAuth.me.queryOptions(), staleTime: 0, refetchOnWindowFocus: 'always' });
  // No tab asked for: a director opens on the overview, a teacher on her room's attendance (admin-tabs.ts).
  const requestedTab: AdminTabId = search.tab ?? landingTab(me.data?.role);
  const logout = useMutation(trpc.adminAuth.logout.mutationOptions());
  // What families did that staff have not seen, on the tabs themselves; fresh whenever the director comes back.
  const attention = useQuery({
    ...trpc.overview.attention.queryOptions(),
    enabled: !!me.data && !('mfaSetupRequired' in me.data),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

  // A 401 from this check or any other call (the session expired or was ended elsewhere) signs out and goes
  // to the login page: lib/session-ended.ts, registered once for every page.

  // On a phone the tab bar scrolls sideways: keep the selected tab in view (e.g. after opening ?tab=gallery).
  const tabsRef = useRef<HTMLDivElement>(null);
  const ready = !!me.data;
  // A tab the role does not see (a teacher's old link to ?tab=payments) opens the role's first tab instead.
  const visible = me.data ? tabsFor(me.data.role) : [];
  const tab: AdminTabId = visible.length === 0 || visible.some((t) => t.id === requestedTab) ? requestedTab : visible[0]!.id;
  useEffect(() => {
    if (!ready) return;
    // After the frame: React Aria renders the tab collection in a second pass.
    const frame = requestAnimationFrame(() =>
      tabsRef.current?.querySelector('[role="tab"][aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
    // Again when the tabs' counts arrive: the badges widen the tabs and can push the selected one out of view.
  }, [tab, ready, attention.data]);

  async function signOut() {
    const left = signingOut();
    clearStoredAdmin();
    await logout.mutateAsync().catch(() => undefined);
    queryClient.clear();
    await navigate({ to: '/' });
    left();
  }

  // The same Logout in the header's phone menu, while someone is signed in.
  useOfferSignOut(me.data ? staffText('staff.dashboard.logout') : null, signOut);

  if (!me.data) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-16 text-center text-stone-600" aria-busy="true">
        {me.error && !isUnauthorized(me.error) ? staffText('staff.dashboard.loadFailed') : staffText('staff.loading')}
      </main>
    );
  }

  // The director's rule and no second factor yet (ADR 102): only the setup page, until one is set up.
  if ('mfaSetupRequired' in me.data) return <SecondFactorSetupPage onSignOut={signOut} />;

  const lastLogin = me.data.previousLoginAt ?? me.data.lastLoginAt;
  const tabs = visible;
  return (
    <main className={`mx-auto max-w-6xl px-4 pt-6 ${TOAST_CLEARANCE}`}>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">{staffText('staff.dashboard.title')}</h1>
          <p className="text-stone-700">{staffText('staff.dashboard.welcome', { name: me.data.name })}</p>
          {lastLogin && (
            <p className="text-sm text-stone-500">{staffText('staff.dashboard.lastLogin', { when: formatDateTime(lastLogin) })}</p>
          )}
        </div>
        {me.data.role === 'director' && <OutboxButton />}
        <OwnPasswordButton />
        <SecondFactorButton />
        <Button variant="outline" onPress={signOut}>
          <LogOut aria-hidden="true" className="size-4" />
          {staffText('staff.dashboard.logout')}
        </Button>
      </div>
      {/* A screen tall at least, so the tabs can be scrolled to the top while a short tab's content is still loading. */}
      <div ref={tabsRef} className="max-md:min-h-dvh">
        {/* Each tab has its own address (?tab=, none for the overview), pushed to the history: Back and Forward
            move between tabs, a reload keeps the tab. */}
        <Tabs
          selectedKey={tab}
          onSelectionChange={(key) => {
            // Not while the sign-in page takes over (a session that ended): '.' would then be the sign-in page.
            if (key === tab || leavingForSignIn()) return;
            void navigate({ to: '.', search: { tab: key === 'overview' ? undefined : (key as AdminTabId) }, resetScroll: false }).then(() =>
              revealTabPanel(tabsRef.current),
            );
          }}
        >
          <TabList aria-label={staffText('staff.dashboard.sections')} items={tabs} dependencies={[attention.data]}>
            {(t) => (
              <Tab id={t.id}>
                {tabLabel(t.id)}
                <TabCount
                  value={attention.data && TAB_COUNTS[t.id]?.(attention.data)}
                  said={(count) => staffText('staff.tab.count', { count })}
                />
              </Tab>
            )}
          </TabList>
          {tabs.map((t) => {
            const Panel = PANELS.get(t.id)!;
            return (
              <TabPanel key={t.id} id={t.id}>
                <Suspense fallback={<p className="py-8 text-center text-stone-500">{staffText('staff.loading')}</p>}>
                  <Panel />
                </Suspense>
              </TabPanel>
            );
          })}
        </Tabs>
      </div>
    </main>
  );
}
