/**
 * The experiments and what the server saw of each: per arm visitors, views, leads and the lead rate
 * with its interval; per variant the lift and the always-valid p-value's verdict; the sample ratio
 * check, which withholds every verdict when it fails. A publisher also creates, starts, stops and
 * ships them here (as through the experiment API, api/README.md "Experiments"); an editor reads.
 */
import type { ExperimentAnswer, ExperimentReading } from '@cardlift/contracts';
import { useEditor } from '../editor-context';
import { useLoad } from '../use-load';
import { ExperimentActions } from './experiment-actions';
import { ExperimentCreateForm } from './experiment-create-form';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function Results({ experiment }: { experiment: ExperimentAnswer }) {
  const { client } = useEditor();
  const results = useLoad<ExperimentReading>(() => client.experimentResults(experiment.id), experiment.id);
  if (results.error) return <p className="mt-2 text-sm font-medium text-red-700">Could not load the results: {results.error.message}</p>;
  if (!results.data) return <p className="mt-2 text-sm text-muted">Loading…</p>;
  const { arms, variants, sampleRatio } = results.data;
  const reading = new Map(variants.map((v) => [v.arm, v]));
  return (
    <>
      <p
        className={sampleRatio.mismatch ? 'mt-2 font-medium text-red-700' : 'mt-2 text-sm text-muted'}
        role={sampleRatio.mismatch ? 'alert' : undefined}
      >
        {sampleRatio.reason}
      </p>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Results of {experiment.id}</caption>
        <thead>
          <tr>
            {['Arm', 'Visitors', 'Views', 'Leads', 'Lead rate (95 % interval)', 'Lift', 'Verdict'].map((name) => (
              <th key={name} scope="col" className="py-1 pr-3 font-semibold">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {arms.map((arm) => {
            const variant = reading.get(arm.arm);
            return (
              <tr key={arm.arm} className="border-t border-line">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {arm.arm}
                  {arm.off ? ' (switched off)' : ''}
                </th>
                <td className="pr-3">{arm.visitors}</td>
                <td className="pr-3">{arm.views}</td>
                <td className="pr-3">{arm.leads}</td>
                <td className="pr-3">
                  {pct(arm.rate)} ({pct(arm.interval.low)} to {pct(arm.interval.high)})
                </td>
                <td className="pr-3">{variant?.lift == null ? '' : `${variant.lift >= 0 ? '+' : ''}${pct(variant.lift)}`}</td>
                <td>{variant ? `${variant.verdict} (${variant.p < 0.001 ? 'p < 0.001' : `p = ${variant.p.toFixed(3)}`})` : 'control'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

export function ExperimentsScreen({ canPublish }: { canPublish: boolean }) {
  const { client } = useEditor();
  const experiments = useLoad(() => client.experiments(), 'experiments');
  return (
    <>
      <h1 className="text-3xl font-semibold text-ink">Experiments</h1>
      {experiments.error && <p className="mt-2 font-medium text-red-700">Could not load: {experiments.error.message}</p>}
      {experiments.data?.length === 0 && <p className="mt-2 text-muted">No experiment yet.</p>}
      {experiments.data?.map((experiment) => (
        <section key={experiment.id} aria-labelledby={`experiment-${experiment.id}`} className="mt-8">
          <h2 id={`experiment-${experiment.id}`} className="text-xl font-semibold text-ink">
            {experiment.id}: {experiment.kind}/{experiment.itemId}, {experiment.state}
          </h2>
          {experiment.endReason && <p className="text-sm text-muted">Ended: {experiment.endReason}</p>}
          {canPublish && <ExperimentActions experiment={experiment} onChanged={experiments.reload} />}
          {experiment.state !== 'draft' && <Results experiment={experiment} />}
        </section>
      ))}
      {canPublish && <ExperimentCreateForm onCreated={experiments.reload} />}
    </>
  );
}
