import { Button } from '@blueprintjs/core';
import { i18n, useFormat, useTranslation } from '@kontor/shared-session';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, addMonths, dayOf, weekdayOf } from './day';
import './toolkit-i18n';

// The month a date field's calendar shows: the days as buttons, Monday first (as in Germany
// and Britain); the arrow keys move by a day or a week, Page up/down by a month, Home/End to
// the week's ends, Enter takes the day.

const MOVES: Record<string, (day: string) => string> = {
  ArrowLeft: (day) => addDays(day, -1),
  ArrowRight: (day) => addDays(day, 1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  PageUp: (day) => addMonths(day, -1),
  PageDown: (day) => addMonths(day, 1),
  Home: (day) => addDays(day, -weekdayOf(day)),
  End: (day) => addDays(day, 6 - weekdayOf(day)),
};

/** The weeks (Monday to Sunday) that hold the month of `day`, each a list of days. */
function weeksOf(day: string): string[][] {
  const [year, month] = day.split('-').map(Number);
  const first = dayOf(year, month, 1);
  let start = addDays(first, -weekdayOf(first));
  const weeks: string[][] = [];
  while (weeks.length === 0 || Number(start.slice(5, 7)) === month) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(start, index)));
    start = addDays(start, 7);
  }
  return weeks;
}

/** A month of days to choose one from; `value` is the chosen day (`YYYY-MM-DD`) or ''. */
export function DayCalendar({
  value,
  today,
  onPick,
}: {
  value: string;
  today: string;
  onPick: (day: string) => void;
}) {
  useTranslation('ui');
  const format = useFormat();
  const [focused, setFocused] = useState(value || today);
  const grid = useRef<HTMLTableElement>(null);
  const month = focused.slice(0, 7);
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);
  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    setFocused(move(focused));
  };
  return (
    <div className="kontor-day-calendar">
      <div className="kontor-day-calendar-head">
        <Button
          variant="minimal"
          icon="chevron-left"
          aria-label={i18n.t('ui:date.previousMonth')}
          onClick={() => setFocused(addMonths(focused, -1))}
        />
        <span aria-live="polite">{format.month(`${month}-01`)}</span>
        <Button
          variant="minimal"
          icon="chevron-right"
          aria-label={i18n.t('ui:date.nextMonth')}
          onClick={() => setFocused(addMonths(focused, 1))}
        />
      </div>
      <table ref={grid} role="grid" aria-label={format.month(`${month}-01`)} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {i18n
              .t('ui:date.weekdays')
              .split(' ')
              .map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(focused).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <td key={day}>
                  <button
                    type="button"
                    data-day={day}
                    tabIndex={day === focused ? 0 : -1}
                    aria-label={format.date(day)}
                    aria-pressed={day === value}
                    className={[
                      'kontor-day',
                      day.slice(0, 7) === month ? '' : 'kontor-day--outside',
                      day === value ? 'kontor-day--chosen' : '',
                      day === today ? 'kontor-day--today' : '',
                    ].join(' ')}
                    onClick={() => onPick(day)}
                  >
                    {Number(day.slice(8))}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
