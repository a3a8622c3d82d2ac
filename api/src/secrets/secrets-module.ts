/** The secrets every instance shares (shared-secrets.ts), in the process's database, for the modules that sign with one. */
import { defineAppModule } from '../app-context';
import { databaseModule } from '../database/database-module';
import { sharedSecretsOn } from './shared-secrets';

export const secretsModule = defineAppModule({
  name: 'secrets',
  dependsOn: [databaseModule],
  build: ({ need }) => {
    const { database } = need(databaseModule);
    const sharedSecret = async (name: string, create: () => string) => sharedSecretsOn(await database()).get(name, create);
    return { provides: { sharedSecret } };
  },
});
