import type { Statement } from '../platform/sql-runner';

/**
 * An extension point for events: the module that has the event offers `Listeners`, and a module built
 * after it (its dependent) adds a listener. So the event's owner need not know who listens.
 */
export class Listeners<A extends unknown[]> {
  private readonly listeners: ((...args: A) => void)[] = [];

  add(listener: (...args: A) => void): void {
    this.listeners.push(listener);
  }

  readonly emit = (...args: A): void => {
    for (const listener of this.listeners) listener(...args);
  };
}

/** A value a dependent module supplies after its owner is built (read only once started). */
export class Slot<T> {
  private value: T | undefined;
  private filled = false;

  constructor(private readonly purpose: string) {}

  fill(value: T): void {
    if (this.filled) throw new Error(`${this.purpose} is supplied twice`);
    this.value = value;
    this.filled = true;
  }

  get(): T {
    if (!this.filled) throw new Error(`Nothing supplies ${this.purpose}`);
    return this.value as T;
  }

  /** The value, or undefined while nothing supplies it (an optional hook). */
  peek(): T | undefined {
    return this.value;
  }
}

/**
 * An extension point for writes: the owner of a transaction (a registry commit, a content change)
 * asks its dependents what to add to it, as data (statements with `$n` placeholders), and runs what
 * they return in the same transaction, so their rows commit or roll back with the change they follow.
 * The owner neither knows what the rows are for nor imports their tables.
 */
export class CommitStatements<C> {
  private readonly contributors: ((commit: C) => readonly Statement[])[] = [];

  add(contributor: (commit: C) => readonly Statement[]): void {
    this.contributors.push(contributor);
  }

  /** Every contributor's statements for this commit, in the order they were added. */
  readonly of = (commit: C): Statement[] => this.contributors.flatMap((contributor) => contributor(commit));
}
