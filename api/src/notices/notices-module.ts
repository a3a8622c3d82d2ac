/**
 * The release notices: the events' webhook bodies a registry commit writes pending, as the notice
 * relay and the metrics read them. Their own small module, so neither reaches into the registry store.
 */
import { defineAppModule } from '../app-context';
import { databaseModule } from '../database/database-module';
import { releaseNoticesOn, type ReleaseNotices } from './release-notices-on';

export const noticesModule = defineAppModule({
  name: 'notices',
  dependsOn: [databaseModule],
  build: ({ need }) => {
    const { database } = need(databaseModule);
    let opened: Promise<ReleaseNotices> | undefined;
    const releaseNotices = () => (opened ??= database().then(releaseNoticesOn));
    return { provides: { releaseNotices } };
  },
});
