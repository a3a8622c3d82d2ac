/** One line of `npm run drill`: a fault the api must survive, what should happen and what did. */
export interface DrillRow {
  fault: string;
  expected: string;
  observed: string;
  /** Leads answered 201 during the drill, where leads are involved. */
  acknowledged?: number;
  /** Of those, how many the store holds afterwards. */
  stored?: number;
  pass: boolean;
}
