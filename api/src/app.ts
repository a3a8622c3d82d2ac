/** The api as its list of modules, built, started and stopped by the kernel (`kernel/`); `server.ts` listens. */
import { appContext } from './app-context';
import type { App, AppDeps } from './app-types';
import { appView } from './app-view';
import { contentApiModule } from './content/content-api-module';
import { contentModule } from './content/content-module';
import { databaseModule } from './database/database-module';
import { edgeModule } from './edge/edge-module';
import { editorModule } from './editor/editor-module';
import { experimentsModule } from './experiments/experiments-module';
import { healthModule } from './health/health-module';
import { buildSystem } from './kernel/system';
import { leadsModule } from './leads/leads-module';
import { metricsModule } from './metrics/metrics-module';
import { noticesModule } from './notices/notices-module';
import { platformModule } from './platform/platform-module';
import { artifactsModule } from './artifacts/artifacts-module';
import { canaryModule } from './releases/canary/canary-module';
import { registryModule } from './releases/registry-module';
import { releasesModule } from './releases/releases-module';
import { servingModule } from './serving/serving-module';
import { skewModule } from './skew/skew-module';
import { rumModule } from './rum/rum-module';
import { secretsModule } from './secrets/secrets-module';
import { renderModule } from './site/render-module';
import { siteModule } from './site/site-module';

export type { App, AppDeps } from './app-types';

/** In start order (a module also waits for what it depends on): each feature is one line. */
export const MODULES = [
  platformModule,
  databaseModule,
  secretsModule,
  noticesModule,
  registryModule,
  artifactsModule,
  contentModule,
  renderModule,
  editorModule,
  contentApiModule,
  servingModule,
  releasesModule,
  skewModule,
  rumModule,
  canaryModule,
  siteModule,
  leadsModule,
  metricsModule,
  experimentsModule,
  edgeModule,
  healthModule,
];

export function createApp(deps: AppDeps = {}): App {
  const context = appContext(deps);
  return appView(buildSystem(MODULES, context), context);
}
