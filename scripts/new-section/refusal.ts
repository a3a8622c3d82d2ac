/** A request the generator refuses: reported as its message alone, before anything is written. */
export class Refusal extends Error {}

export function refuse(message: string): never {
  throw new Refusal(message);
}
