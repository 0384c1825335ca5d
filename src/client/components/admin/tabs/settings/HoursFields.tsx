import { type CentreProfile, WEEKDAYS } from '~/shared/centre-profile';
import { Checkbox } from '~/client/components/ui/Checkbox';
import { TextField } from '~/client/components/ui/Field';
import { tabText } from '../tab-words';

type Hours = CentreProfile['hours'];
/** The hours a day gets when it is ticked open again (the shipped weekday hours). */
const OPEN_DAY = { opens: '07:30', closes: '17:30' };

/**
 * The Settings tab's opening hours (ADR 090): for each weekday, open or closed, and its opening and closing time.
 * The server's messages (`hours.monday.closes`) are shown under their field.
 */
export function HoursFields({
  value,
  onChange,
  errors,
}: {
  value: Hours;
  onChange: (hours: Hours) => void;
  errors: Record<string, string>;
}) {
  const set = (day: (typeof WEEKDAYS)[number], hours: Hours[typeof day]) => onChange({ ...value, [day]: hours });
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 font-semibold text-stone-900">{tabText('staff.settings.hours')}</legend>
      {WEEKDAYS.map((day) => {
        const hours = value[day];
        const name = tabText(`staff.settings.day.${day}`);
        return (
          <div key={day} className="grid items-start gap-2 sm:grid-cols-[10rem_1fr_1fr]">
            <Checkbox isSelected={hours !== null} onChange={(open) => set(day, open ? OPEN_DAY : null)}>
              {tabText('staff.settings.openOn', { day: name })}
            </Checkbox>
            {hours ? (
              <>
                <TextField
                  type="time"
                  label={tabText('staff.settings.opens', { day: name })}
                  value={hours.opens}
                  onChange={(opens) => set(day, { ...hours, opens })}
                  error={errors[`hours.${day}.opens`] ?? errors[`hours.${day}`]}
                  required
                />
                <TextField
                  type="time"
                  label={tabText('staff.settings.closes', { day: name })}
                  value={hours.closes}
                  onChange={(closes) => set(day, { ...hours, closes })}
                  error={errors[`hours.${day}.closes`]}
                  required
                />
              </>
            ) : (
              <p className="text-sm text-stone-600 sm:col-span-2 sm:self-center">{tabText('staff.settings.closed')}</p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
