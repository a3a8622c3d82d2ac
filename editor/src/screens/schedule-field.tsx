/**
 * "Publish at": a local date and time, with the browser's time zone and its UTC offset beside it and
 * the same moment in UTC under it, so nobody schedules for the wrong hour. A time that has passed is
 * refused here (and by the api) instead of publishing at once.
 */
import { useState } from 'react';
import { Button } from '@cardlift/shell/ui';
import { CONTROL_CLASS } from '../form/field-frame';
import { localInputToIso, utcLabel, zoneLabel } from './dates';

interface ScheduleFieldProps {
  disabled: boolean;
  /** Called with the chosen time (ISO) once it is a time in the future. */
  onSchedule(at: string): void;
  /** A refusal to show beside the button. */
  onRefuse(message: string): void;
}

export function ScheduleField({ disabled, onSchedule, onRefuse }: ScheduleFieldProps) {
  const [when, setWhen] = useState('');
  const at = localInputToIso(when);
  const zone = zoneLabel(at ? new Date(at) : new Date());
  function schedule() {
    if (!at) return onRefuse('Not scheduled: choose a date and a time first.');
    if (Date.parse(at) <= Date.now())
      return onRefuse(`Not scheduled: ${utcLabel(at)} has already passed. Choose a time in the future, or publish now.`);
    onSchedule(at);
  }
  return (
    <div className="flex max-w-full flex-wrap items-end gap-2">
      <div className="max-w-full">
        <label htmlFor="schedule-at" className="block text-sm font-medium text-ink">
          Publish at <span className="font-normal text-muted">(your time: {zone})</span>
        </label>
        <input
          id="schedule-at"
          type="datetime-local"
          step={1}
          className={`${CONTROL_CLASS} max-w-full`}
          aria-describedby="schedule-utc"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
        />
        <p id="schedule-utc" className="mt-1 text-sm text-muted">
          {at ? `That is ${utcLabel(at)}.` : 'The time is in your time zone; UTC is shown once you choose.'}
        </p>
      </div>
      <Button variant="outline" disabled={disabled} onClick={schedule} className="mb-7">
        Schedule
      </Button>
    </div>
  );
}
