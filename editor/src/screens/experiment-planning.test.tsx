/**
 * A publisher on the experiments screen: plans an experiment with the api's sample size shown as the
 * rates are typed, is told what is wrong before anything is sent (focus on the list of problems) or
 * what the api refused, and starts, stops and ships experiments, with the api's refusal in its words.
 * An editor gets the figures only.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorClient } from '../api/editor-client';
import { EditorProvider } from '../editor-context';
import { ExperimentsScreen } from './experiments-screen';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const experiment = (id: string, state: string) => ({
  ...{ id, kind: 'blog', itemId: 'post', state, plan: { variants: [{ name: 'B', revision: 4 }], plannedDays: 14, plannedVisitors: 8000 } },
  ...{ startedAt: 1, endReason: null, armsOff: [], shippedVariant: null },
});
const reading = { arms: [], variants: [], sampleRatio: { chiSquare: 0, p: 1, mismatch: false, reason: 'As expected.' }, readable: true };

type Route = (method: string, url: string, body: unknown) => Response | undefined;
let calls: { method: string; url: string; body: unknown }[];

function open(list: unknown[], route: Route = () => undefined, canPublish = true) {
  calls = [];
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const routed = route(method, url, body);
    if (routed) return routed;
    if (url === '/api/experiments') return answer(200, list);
    if (url.startsWith('/api/experiments/sample-size?')) {
      const query = new URLSearchParams(url.split('?')[1]);
      return answer(200, { perArm: query.get('minimumLift') === '0.1' ? 53_000 : 13_914 });
    }
    return answer(200, reading);
  }) as unknown as typeof fetch;
  render(
    <EditorProvider client={new EditorClient()}>
      <ExperimentsScreen canPublish={canPublish} />
    </EditorProvider>,
  );
}

const posts = (suffix: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(suffix));

describe('planning and running experiments in the editor', () => {
  it("shows the api's sample size as the rates are typed, and creates the experiment it planned", async () => {
    open([], (method) => (method === 'POST' ? answer(201, experiment('headline', 'draft')) : undefined));
    const form = await screen.findByRole('form', { name: 'New experiment' });
    expect(await within(form).findByText(/13,914 visitors per version/)).toBeInTheDocument();
    const lift = within(form).getByLabelText('Smallest lift worth finding (%)');
    await userEvent.clear(lift);
    await userEvent.type(lift, '10');
    expect(await within(form).findByText(/53,000 visitors per version/)).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('Experiment id'), 'headline');
    await userEvent.selectOptions(within(form).getByLabelText('Content kind'), 'banners');
    await userEvent.type(within(form).getByLabelText('Item id'), 'site');
    await userEvent.type(within(form).getByLabelText('Variant B: draft revision number'), '7');
    await userEvent.click(within(form).getByRole('button', { name: 'Create experiment' }));
    await waitFor(() => expect(posts('/api/experiments')).toHaveLength(1));
    expect(posts('/api/experiments')[0]!.body).toEqual({
      ...{ id: 'headline', kind: 'banners', itemId: 'site', variants: [{ name: 'B', revision: 7 }] },
      ...{ baselineRate: 0.03, minimumLift: 0.1, plannedDays: 14 },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Experiment headline created: start it when ready.');
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/experiments')).toHaveLength(2);
  });

  it('lists what is wrong before sending anything, and what the api refused', async () => {
    open([], (method) =>
      method === 'POST' ? answer(409, { error: 'An experiment "headline" already exists', code: 'conflict' }) : undefined,
    );
    const form = await screen.findByRole('form', { name: 'New experiment' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create experiment' }));
    const alert = within(form).getByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveTextContent('Experiment id: Use lower-case letters, digits and dashes (at most 63)');
    expect(within(form).getByLabelText('Experiment id')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Experiment id')).toHaveAccessibleDescription(/Use lower-case letters/);
    expect(posts('/api/experiments')).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Experiment id'), 'headline');
    await userEvent.type(within(form).getByLabelText('Item id'), 'post');
    await userEvent.type(within(form).getByLabelText('Variant B: draft revision number'), '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Create experiment' }));
    await waitFor(() => expect(alert).toHaveTextContent('An experiment "headline" already exists'));
  });

  it("starts, stops and ships, and shows the api's refusal in its words", async () => {
    const refusal = 'blog/post has a publish scheduled: cancel it before starting an experiment';
    open([experiment('draft-one', 'draft'), experiment('running-one', 'running'), experiment('stopped-one', 'stopped')], (method, url) =>
      method === 'POST' && url.endsWith('/start')
        ? answer(409, { error: refusal, code: 'conflict' })
        : method === 'POST'
          ? answer(200, experiment('x', 'stopped'))
          : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Start draft-one' }));
    const draft = screen.getByRole('region', { name: /^draft-one/ });
    expect(await within(draft).findByRole('alert')).toHaveTextContent(`Not done: ${refusal}`);

    await userEvent.click(screen.getByRole('button', { name: 'Stop running-one' }));
    await waitFor(() => expect(posts('/api/experiments/running-one/stop')).toHaveLength(1));

    const stopped = screen.getByRole('region', { name: /^stopped-one/ });
    await userEvent.selectOptions(within(stopped).getByLabelText('Version to keep'), 'B');
    await userEvent.click(within(stopped).getByRole('button', { name: 'Ship B' }));
    await waitFor(() => expect(posts('/api/experiments/stopped-one/ship')).toEqual([expect.objectContaining({ body: { variant: 'B' } })]));
  });

  it('gives an editor the figures, not the actions', async () => {
    open([experiment('running-one', 'running')], undefined, false);
    expect(await screen.findByRole('heading', { name: 'running-one: blog/post, running' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('form', { name: 'New experiment' })).toBeNull();
  });
});
