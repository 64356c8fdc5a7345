/**
 * Query parameters, as Cube's ParamAllocator keeps them: one allocator per compiled query hands out the `$n`
 * placeholders and owns their values in order, so no stage numbers parameters itself. The model's policy and
 * context binders and the query pipeline both take it (a bare array is wrapped: callers that keep their own
 * list, as the policy tests do, see the values appended to it).
 */
export class ParamAllocator {
  readonly #values: unknown[];

  constructor(values: unknown[] = []) {
    this.#values = values;
  }

  /** The placeholder of a new parameter holding `value`. */
  allocate(value: unknown): string {
    this.#values.push(value);
    return `$${this.#values.length}`;
  }

  /** Where the next parameter goes: `rollback` to it drops the parameters of SQL that was not used. */
  mark(): number {
    return this.#values.length;
  }

  rollback(mark: number): void {
    this.#values.length = mark;
  }

  /** The values allocated since `mark`. */
  since(mark: number): unknown[] {
    return this.#values.slice(mark);
  }

  /** Every value, in placeholder order. */
  get values(): unknown[] {
    return [...this.#values];
  }
}

/** An allocator, or a list of values that new parameters are appended to. */
export type Params = ParamAllocator | unknown[];

export const allocatorOf = (params: Params): ParamAllocator =>
  params instanceof ParamAllocator ? params : new ParamAllocator(params);
