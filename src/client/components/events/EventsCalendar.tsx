import { addDays, addMonths, eachDayOfInterval, endOfMonth, endOfWeek, format, isSameMonth, parseISO, startOfMonth, startOfWeek } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

export interface EventsCalendarProps {
  /** Any day of the month on show. */
  month: Date;
  onMonthChange: (month: Date) => void;
  /** The selected day, `YYYY-MM-DD`. */
  selected: string;
  onSelect: (day: string) => void;
  today: string;
  /** How many events each day (`YYYY-MM-DD`) has. */
  eventCounts: ReadonlyMap<string, number>;
}

/**
 * A month grid (Su to Sa) built as a table of day buttons. One day button is in the tab order; arrow
 * keys move between days (crossing into the next or previous month), Home/End go to the week's ends,
 * Page Up/Down change the month, Enter or Space selects.
 */
export function EventsCalendar({ month, onMonthChange, selected, onSelect, today, eventCounts }: EventsCalendarProps) {
  const first = startOfMonth(month);
  const last = endOfMonth(month);
  const monthLabel = format(first, 'MMMM yyyy');
  const captionId = `calendar-${iso(first)}`;

  const inMonth = (day: string) => isSameMonth(parseISO(day), first);
  const [focused, setFocused] = useState(() => (inMonth(selected) ? selected : iso(first)));
  const focusAfterRender = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  // When the month changes, the roving tab stop moves into it (the selected day, else the 1st).
  const focusedInMonth = inMonth(focused) ? focused : inMonth(selected) ? selected : iso(first);

  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusedInMonth}"]`)?.focus();
  }, [focusedInMonth]);

  function moveFocus(to: Date) {
    focusAfterRender.current = true;
    setFocused(iso(to));
    if (!isSameMonth(to, first)) onMonthChange(startOfMonth(to));
  }

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, day: Date) {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => startOfWeek(day),
      End: () => endOfWeek(day),
      PageUp: () => addMonths(day, -1),
      PageDown: () => addMonths(day, 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    moveFocus(move());
  }

  const days = eachDayOfInterval({ start: startOfWeek(first), end: endOfWeek(last) });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));

  function changeMonth(delta: number) {
    onMonthChange(addMonths(first, delta));
  }

  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" aria-label="Previous month" onPress={() => changeMonth(-1)}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <h2 id={captionId} aria-live="polite" className="text-lg font-bold text-stone-900">
          {monthLabel}
        </h2>
        <Button variant="outline" size="sm" aria-label="Next month" onPress={() => changeMonth(1)}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <table ref={gridRef} className="w-full table-fixed border-collapse text-center">
        <caption className="sr-only">{monthLabel}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="pb-2 text-xs font-semibold text-stone-500 uppercase">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={iso(week[0]!)}>
              {week.map((day) => {
                const key = iso(day);
                if (!isSameMonth(day, first)) return <td key={key} />;
                const count = eventCounts.get(key) ?? 0;
                const isSelected = key === selected;
                const isToday = key === today;
                return (
                  <td key={key} className="p-0 sm:p-0.5">
                    <button
                      type="button"
                      data-day={key}
                      tabIndex={key === focusedInMonth ? 0 : -1}
                      aria-pressed={isSelected}
                      aria-current={isToday ? 'date' : undefined}
                      aria-label={`${format(day, 'MMMM d, yyyy')}, ${count === 0 ? 'no events' : count === 1 ? '1 event' : `${count} events`}`}
                      onClick={() => {
                        setFocused(key);
                        onSelect(key);
                      }}
                      onKeyDown={(e) => onKeyDown(e, day)}
                      className={cn(
                        'relative flex h-11 w-full cursor-pointer sm:h-14 flex-col items-center justify-center rounded-lg text-sm font-medium outline-none transition-colors',
                        'focus-visible:ring-3 focus-visible:ring-brand-500/60',
                        isSelected ? 'bg-brand-700 text-white' : 'text-stone-800 hover:bg-brand-50',
                        isToday && !isSelected && 'font-bold text-brand-800 ring-2 ring-brand-300',
                      )}
                    >
                      <span aria-hidden="true">{format(day, 'd')}</span>
                      {count > 0 && <span aria-hidden="true" className={cn('absolute bottom-1.5 size-1.5 rounded-full', isSelected ? 'bg-white' : 'bg-sun-500')} />}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
