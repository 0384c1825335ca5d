import { Tab as AriaTab, TabList as AriaTabList, TabPanel as AriaTabPanel, Tabs as AriaTabs, type TabListProps, type TabPanelProps, type TabProps, type TabsProps } from 'react-aria-components';
import { cn } from './cn';

export function Tabs({ className, ...props }: TabsProps & { className?: string }) {
  return <AriaTabs {...props} className={cn('flex flex-col gap-4', className)} />;
}

export function TabList<T extends object>({ className, ...props }: TabListProps<T> & { className?: string }) {
  return <AriaTabList {...props} className={cn('flex gap-1 overflow-x-auto rounded-xl bg-stone-200/70 p-1', className)} />;
}

export function Tab({ className, ...props }: TabProps & { className?: string }) {
  return (
    <AriaTab
      {...props}
      className={cn(
        'flex min-h-11 md:min-h-10 shrink-0 cursor-pointer items-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-medium text-stone-700 outline-none',
        'hover:bg-white/60 data-[selected]:bg-white data-[selected]:text-brand-800 data-[selected]:shadow-sm focus-visible:ring-3 focus-visible:ring-brand-500/50',
        className,
      )}
    />
  );
}

export function TabPanel({ className, ...props }: TabPanelProps & { className?: string }) {
  return <AriaTabPanel {...props} className={cn('outline-none focus-visible:ring-3 focus-visible:ring-brand-500/40 rounded-xl', className)} />;
}
