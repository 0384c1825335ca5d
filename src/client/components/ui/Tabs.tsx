import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import { cn } from './cn';

export function Tabs({ className, ...props }: TabsProps & { className?: string }) {
  return <AriaTabs {...props} className={cn('flex flex-col gap-4', className)} />;
}

export function TabList<T extends object>({ className, ...props }: TabListProps<T> & { className?: string }) {
  // scroll-margin: where a sticky header covers the top of the window, revealing the list stops below it.
  // A phone scrolls the tabs sideways; from a tablet up they wrap, so no tab hides past the list's edge.
  return (
    <AriaTabList
      {...props}
      className={cn('flex scroll-mt-2 gap-1 overflow-x-auto rounded-xl md:flex-wrap bg-stone-200/70 p-1 md:scroll-mt-20', className)}
    />
  );
}

// In a module of its own, so a page with tabs of its own (the parent dashboard's links) loads no React Aria for it.
export { revealTabPanel } from './reveal-tab-panel';

/**
 * A figure beside a tab's name (unread messages, new applications), read out in the caller's words: `said` gives
 * them for the figure (the staff dashboard's `staff.tab.count`, "(3 new)").
 */
export function TabCount({ value, said }: { value: number | undefined; said: (count: number) => string }) {
  if (!value) return null;
  return (
    <>
      <span aria-hidden="true" className="min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-semibold leading-5 text-white">
        {value}
      </span>
      <span className="sr-only">{said(value)}</span>
    </>
  );
}

export function Tab({ className, ...props }: TabProps & { className?: string }) {
  return (
    <AriaTab
      {...props}
      className={cn(
        'relative flex min-h-11 md:min-h-10 shrink-0 cursor-pointer items-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-medium text-stone-700 outline-none',
        'hover:bg-white/60 data-[selected]:bg-white data-[selected]:text-brand-800 data-[selected]:shadow-sm focus-visible:ring-3 focus-visible:ring-brand-500/50',
        className,
      )}
    />
  );
}

export function TabPanel({ className, ...props }: TabPanelProps & { className?: string }) {
  return (
    <AriaTabPanel {...props} className={cn('outline-none focus-visible:ring-3 focus-visible:ring-brand-500/40 rounded-xl', className)} />
  );
}
