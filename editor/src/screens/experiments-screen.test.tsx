/**
 * The experiments screen: each experiment with its arms' figures and verdicts as the api answers
 * them, and a failed sample ratio check shown as an alert instead of a verdict.
 */
import { render, screen, within } from '@testing-library/react';
import { EditorClient } from '../api/editor-client';
import { EditorProvider } from '../editor-context';
import { ExperimentsScreen } from './experiments-screen';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const arm = (name: string, visitors: number, leads: number) => ({
  ...{ arm: name, off: false, visitors, views: visitors * 2, leads, erroredViews: 0, failedLoads: 0, rate: leads / visitors },
  ...{ interval: { low: 0.04, high: 0.06 }, perView: leads / visitors / 2, p75LcpMs: null, p75InpMs: null },
});
const experiment = (id: string, state: string) => ({
  ...{ id, kind: 'blog', itemId: 'post', state, plan: { variants: [{ name: 'B', revision: 4 }], plannedDays: 14, plannedVisitors: 8000 } },
  ...{ startedAt: 1, endReason: null, armsOff: [], shippedVariant: null },
});

function open(mismatch: boolean) {
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === '/api/experiments') return json([experiment('headline', 'running'), experiment('later', 'draft')]);
    return json({
      arms: [arm('control', 10_000, 500), arm('B', 10_000, 700)],
      variants: [
        {
          arm: 'B',
          difference: { low: 0.01, high: 0.03 },
          lift: 0.4,
          liftInterval: null,
          p: 0.0002,
          verdict: mismatch ? 'unreadable' : 'better',
        },
      ],
      sampleRatio: {
        chiSquare: mismatch ? 30 : 0,
        p: mismatch ? 1e-7 : 1,
        mismatch,
        reason: mismatch ? 'Sample ratio mismatch: broken.' : 'As expected.',
      },
      readable: !mismatch,
    });
  }) as unknown as typeof fetch;
  render(
    <EditorProvider client={new EditorClient()}>
      <ExperimentsScreen canPublish={false} />
    </EditorProvider>,
  );
}

describe('the experiments screen', () => {
  it('shows each arm with its figures and the verdict', async () => {
    open(false);
    const table = await screen.findByRole('table', { name: 'Results of headline' });
    const b = within(table).getByRole('row', { name: /^B/ });
    expect(b).toHaveTextContent('10000');
    expect(b).toHaveTextContent('700');
    expect(b).toHaveTextContent('7.0 % (4.0 % to 6.0 %)');
    expect(b).toHaveTextContent('+40.0 %');
    expect(b).toHaveTextContent('better (p < 0.001)');
    expect(screen.getByRole('heading', { name: 'later: blog/post, draft' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a broken split cannot be read', async () => {
    open(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sample ratio mismatch: broken.');
    expect(within(await screen.findByRole('table')).getByRole('row', { name: /^B/ })).toHaveTextContent('unreadable');
  });
});
