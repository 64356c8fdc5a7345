/**
 * Errors and limits of the Jinja renderer (docs/data-model.md, "Jinja"). Every refusal is a TemplateError
 * carrying the template file, line and column, which becomes a MODEL_INVALID issue.
 */

/** Where a node of a template starts: its file (path in the model), line and column (1-based). */
export interface Location {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A template problem: syntax, a refused lookup or call, a runtime error, or a work limit reached. */
export class TemplateError extends Error {
  location: Location | undefined;

  constructor(message: string, location?: Location) {
    super(message);
    this.name = 'TemplateError';
    this.location = location;
  }
}

/** A template went over one of LIMITS: the rendering of the model stops there. */
export class LimitError extends TemplateError {
  constructor(message: string) {
    super(message);
    this.name = 'LimitError';
  }
}

/**
 * What one model's templates may cost in all: steps (expressions and statements evaluated, plus work in
 * proportion to the strings and lists an operation touches: charge()), characters written (captured output
 * counts too), the longest string or list one operation may build, and how deep macro calls, includes,
 * imports and recursive loops may nest. A model over these is refused; they are far above what generating a
 * model takes (1000 cubes of 20 macro-generated dimensions fit).
 */
export const LIMITS = {
  steps: 5_000_000,
  outputChars: 16_000_000,
  stringChars: 4_000_000,
  listItems: 1_000_000,
  /** Jinja's own sandbox caps range() at 100,000 items. */
  rangeItems: 100_000,
  callDepth: 64,
  /** Nesting of brackets and statements in the source, and of values when printed or compared. */
  nesting: 200,
} as const;

/** Counts the work of one model's rendering against LIMITS. */
export class Budget {
  steps = 0;
  output = 0;
  depth = 0;

  /** Fractions of a step (a short string, one comparison) add up until they make whole steps. */
  private fraction = 0;

  charge(units: number): void {
    this.fraction += units;
    if (this.fraction >= 1) {
      const whole = Math.floor(this.fraction);
      this.fraction -= whole;
      this.step(whole);
    }
  }

  step(n = 1): void {
    this.steps += n;
    if (this.steps > LIMITS.steps) {
      throw new LimitError(`the model's templates take more than ${LIMITS.steps} steps to render`);
    }
  }

  write(chars: number): void {
    this.output += chars;
    if (this.output > LIMITS.outputChars) {
      throw new LimitError(`the model's templates write more than ${LIMITS.outputChars} characters`);
    }
  }

  enter(what: string): void {
    this.depth += 1;
    if (this.depth > LIMITS.callDepth) {
      throw new LimitError(`${what} nests more than ${LIMITS.callDepth} calls deep`);
    }
  }

  leave(): void {
    this.depth -= 1;
  }
}

/** The budget of the rendering under way (rendering is synchronous: one at a time). */
let active: Budget | undefined;

/** Runs `render` with `budget` as the one that charge() counts against. */
export function withBudget<T>(budget: Budget, render: () => T): T {
  const previous = active;
  active = budget;
  try {
    return render();
  } finally {
    active = previous;
  }
}

/**
 * Counts work that one step of a template does in proportion to a size (a string's characters, a list's items,
 * the values a comparison visits), so that a few steps over big values cannot outrun the step budget.
 */
export function charge(units: number): void {
  active?.charge(units);
}

/** The work of touching a value: a string by 32 characters, a list, tuple or dict by 4 items. */
export function weightOf(v: unknown): number {
  if (typeof v === 'string') return v.length / 32;
  if (Array.isArray(v)) return v.length / 4;
  if (v instanceof Map) return v.size / 4;
  if (typeof v === 'object' && v !== null && 'items' in v && Array.isArray(v.items))
    return v.items.length / 4;
  return 0;
}

/** A string an operation is about to build is within LIMITS.stringChars. */
export function checkLength(length: number): void {
  charge(length / 32);
  if (length > LIMITS.stringChars) {
    throw new TemplateError(`a string of ${length} characters is longer than ${LIMITS.stringChars}`);
  }
}

/** `s` repeated `n` times (none when n < 1), within LIMITS.stringChars. */
export function repeat(s: string, n: number): string {
  if (!(n > 0)) return '';
  checkLength(s.length * n);
  return s.repeat(n);
}

/** A list an operation is about to build is within LIMITS.listItems. */
export function checkItems(count: number): void {
  charge(count / 2);
  if (count > LIMITS.listItems) {
    throw new TemplateError(`a list of ${count} items is longer than ${LIMITS.listItems}`);
  }
}
