/**
 * What can be done with a saved item beside saving: Preview (everyone), and for publishers Publish
 * now, Schedule (a local date and time, sent as an ISO time) and Unpublish. An editor never sees the
 * publisher's buttons; the api refuses them anyway.
 */
import { useState } from 'react';
import { Button } from '@cardlift/shell/ui';
import type { ContentItemStatus, ContentKind } from '@cardlift/contracts';
import { ApiError } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { CONTROL_CLASS } from '../form/field-frame';
import { localInputToIso } from './dates';

interface ItemActionsProps {
  kind: ContentKind;
  id: string;
  canPublish: boolean;
  /** After a change of the item's state: the screen reloads it. */
  changed(status: ContentItemStatus): void;
}

const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'The server could not be reached.');

export function ItemActions({ kind, id, canPublish, changed }: ItemActionsProps) {
  const { client, announce } = useEditor();
  const [when, setWhen] = useState('');
  const [busy, setBusy] = useState(false);

  async function act(label: string, work: () => Promise<ContentItemStatus>) {
    setBusy(true);
    try {
      const status = await work();
      changed(status);
      announce(`${label}: done. The item is ${status.state}.`);
    } catch (error) {
      announce(`${label} failed: ${failure(error)}`);
    } finally {
      setBusy(false);
    }
  }

  async function preview() {
    // Opened before the call, while the click still allows a new tab; pointed at the page once answered.
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await client.preview(kind, id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      announce('Preview opened in a new tab: it shows the last saved revision.');
    } catch (error) {
      tab?.close();
      announce(`Preview failed: ${failure(error)}`);
    }
  }

  function schedule() {
    const at = localInputToIso(when);
    if (!at) return announce('Schedule: choose a date and time first.');
    void act('Schedule', () => client.publish(kind, id, at));
  }

  return (
    <>
      <Button variant="outline" disabled={busy} onClick={preview}>
        Preview
      </Button>
      {canPublish && (
        <>
          <Button variant="primary" disabled={busy} onClick={() => act('Publish', () => client.publish(kind, id))}>
            Publish now
          </Button>
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor="schedule-at" className="block text-sm font-medium text-ink">
                Publish at
              </label>
              <input
                id="schedule-at"
                type="datetime-local"
                step={1}
                className={CONTROL_CLASS}
                value={when}
                onChange={(e) => setWhen(e.target.value)}
              />
            </div>
            <Button variant="outline" disabled={busy} onClick={schedule}>
              Schedule
            </Button>
          </div>
          <Button variant="outline" disabled={busy} onClick={() => act('Unpublish', () => client.unpublish(kind, id))}>
            Unpublish
          </Button>
        </>
      )}
    </>
  );
}
