import { z } from 'zod';
import { defineModule } from './module';
import { readSettings, SettingsError } from './settings';

const port = z.coerce.number().int().min(1).max(65535);
const edge = defineModule({
  name: 'edge',
  settings: z.object({ EDGE_PAGE_TTL: z.coerce.number().int().min(0).default(60), EDGE_PURGE_URL: z.string().url().optional() }),
  build: () => ({ provides: null }),
});
const web = defineModule({ name: 'web', settings: z.object({ PORT: port.default(3000) }), build: () => ({ provides: null }) });
const plain = defineModule({ name: 'plain', build: () => ({ provides: null }) });

describe('readSettings', () => {
  it('gives each module its own variables, parsed, with defaults', () => {
    const settings = readSettings([edge, web, plain], { EDGE_PAGE_TTL: '30', PORT: '8080', UNRELATED: 'x' });
    expect(settings.get('edge')).toEqual({ EDGE_PAGE_TTL: 30 });
    expect(settings.get('web')).toEqual({ PORT: 8080 });
    expect(settings.has('plain')).toBe(false);
  });

  it('lists every bad variable of every module in one error', () => {
    let error: unknown;
    try {
      readSettings([edge, web], { EDGE_PAGE_TTL: '-1', EDGE_PURGE_URL: 'not a url', PORT: '70000' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const problems = (error as SettingsError).problems;
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^edge: EDGE_PAGE_TTL: /);
    expect(problems[1]).toMatch(/^edge: EDGE_PURGE_URL: /);
    expect(problems[2]).toMatch(/^web: PORT: /);
    expect((error as Error).message).toContain('web: PORT');
  });
});
