/**
 * What a publisher does with one experiment, by its state: start a draft, stop a running one, ship a
 * stopped one's version (the control keeps the published revision; a variant is published). The api's
 * refusal (409 while the item changed or another experiment runs, 422 for a version it does not
 * have) is shown as an alert beside the buttons, its own words.
 */
import { useState } from 'react';
import type { ExperimentAnswer } from '@cardlift/contracts';
import { Button } from '@cardlift/shell/ui';
import { CONTROL_CLASS } from '../form/field-frame';
import { useEditor } from '../editor-context';

export function ExperimentActions({ experiment, onChanged }: { experiment: ExperimentAnswer; onChanged(): void }) {
  const { client, announce } = useEditor();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [ship, setShip] = useState('control');
  const id = experiment.id;

  async function act(action: 'start' | 'stop' | 'ship', body: object, done: string) {
    setBusy(true);
    try {
      await client.experimentAction(id, action, body);
      setProblem('');
      announce(done);
      onChanged();
    } catch (error) {
      setProblem(`Not done: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      {experiment.state === 'draft' && (
        <Button type="button" disabled={busy} onClick={() => void act('start', {}, `Experiment ${id} started.`)}>
          Start {id}
        </Button>
      )}
      {experiment.state === 'running' && (
        <Button type="button" disabled={busy} onClick={() => void act('stop', {}, `Experiment ${id} stopped: everyone sees the control.`)}>
          Stop {id}
        </Button>
      )}
      {experiment.state === 'stopped' && (
        <>
          <div>
            <label htmlFor={`ship-${id}`} className="block text-sm font-medium text-ink">
              Version to keep
            </label>
            <select id={`ship-${id}`} className={CONTROL_CLASS} value={ship} onChange={(event) => setShip(event.target.value)}>
              <option value="control">control (the published revision)</option>
              {experiment.plan.variants.map((variant) => (
                <option key={variant.name} value={variant.name}>
                  {variant.name} (revision {variant.revision})
                </option>
              ))}
            </select>
          </div>
          <Button type="button" disabled={busy} onClick={() => void act('ship', { variant: ship }, `Experiment ${id}: ${ship} shipped.`)}>
            Ship {ship}
          </Button>
        </>
      )}
      <p role="alert" className="w-full text-sm font-medium text-red-700 empty:hidden">
        {problem}
      </p>
    </div>
  );
}
