/** How the guard's figures count people: each client held to its share, and the sides without the most extreme one. */
import type { RumClientTotal, RumRouteTotal } from '../../rum/rum-store';
import { comparedFigures } from './canary-figures';

const versions = { canary: 'v2', current: 'v1' };
const views = (version: string, count: number): RumRouteTotal => ({ route: '/invest', version, metric: 'views', bucket: 0, count });
const client = (version: string, name: string, counts: Partial<RumClientTotal> = {}): RumClientTotal => ({
  route: '/invest',
  version,
  client: name,
  views: 1,
  errorViews: 0,
  failureViews: 0,
  storedLeads: 0,
  ...counts,
});
/** `n` clients of `version` with one view each. */
const crowd = (version: string, n: number, counts: Partial<RumClientTotal> = {}) =>
  Array.from({ length: n }, (_, i) => client(version, `${version}-${i}`, counts));

describe('comparedFigures', () => {
  it('holds any one client to its share of a side, and counts the clients', () => {
    // 20 visitors with a view each, and one sender with 500 views all with errors.
    const clients = [...crowd('v2', 20), client('v2', 'sender', { views: 500, errorViews: 500 }), ...crowd('v1', 30)];
    const figures = comparedFigures([views('v2', 520), views('v1', 30)], { clients }, versions, 0.1);
    // The sender counts for a ninth of the others' views (20 / 9 = 2.2): 22 whole views, one of them with errors.
    expect(figures.canary).toMatchObject({ views: 22, errorViews: 1, clients: 21 });
    expect(figures.current).toMatchObject({ views: 30, clients: 30 });
  });

  it("keeps every honest visitor's view with errors, and every lead the store committed from a view", () => {
    const clients = [...crowd('v2', 17), ...crowd('v2', 3, { errorViews: 1 }), ...crowd('v1', 20)];
    const leads = ['v2-17', 'v2-18', 'v2-19'].map((name) => ({
      route: '/invest',
      version: 'v2',
      client: name,
      storedLeads: 1,
      failedSubmits: 0,
    }));
    expect(comparedFigures([views('v2', 20), views('v1', 20)], { clients, leads }, versions, 0.1).canary).toMatchObject({
      views: 20,
      errorViews: 3,
      storedLeads: 3,
    });
  });

  it('works the sides out again without the most extreme client of each', () => {
    const clients = [...crowd('v2', 20), client('v2', 'heavy', { views: 2, errorViews: 2 }), ...crowd('v1', 20)];
    const { withoutTopClients } = comparedFigures([views('v2', 22), views('v1', 20)], { clients }, versions, 0.1);
    expect(withoutTopClients.map((sides) => [sides.canary.errorViews, sides.canary.clients])).toContainEqual([0, 20]);
    expect(withoutTopClients.map((sides) => sides.current.clients)).toContainEqual(19);
  });

  it('with a share of 1 trusts one client with everything (a lab where every visit comes from one machine)', () => {
    const clients = [client('v2', 'lab', { views: 7, errorViews: 7 }), client('v1', 'lab', { views: 17 })];
    const figures = comparedFigures([views('v2', 7), views('v1', 17)], { clients }, versions, 1);
    expect(figures.canary).toMatchObject({ views: 7, errorViews: 7, clients: 1 });
    expect(figures.current).toMatchObject({ views: 17, errorViews: 0, clients: 1 });
    expect(figures.withoutTopClients).toEqual([]);
  });
});
