/** The create request of an experiment on the merchants announcement post: its published revision against one draft, variant B. */
export const blogExperimentPlan = (id: string, revision: number, baselineRate: number) => ({
  id,
  kind: 'blog',
  itemId: 'merchants-announcement',
  variants: [{ name: 'B', revision }],
  baselineRate,
  minimumLift: 0.2,
  plannedDays: 14,
});
