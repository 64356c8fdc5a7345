/** The user's calendar date at the time of a turn, for relative periods ("last month", "this year"). */
export interface TurnClock {
  /** YYYY-MM-DD in the user's time zone. */
  today: string;
  /** IANA name actually used (UTC when none was set or the name is unknown). */
  timeZone: string;
}

/** One formatter per time zone (creating one costs tens of microseconds; the set of zone names is finite). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar-date formatter of a zone, or undefined when the zone is unknown. */
function dateFormatter(timeZone: string): Intl.DateTimeFormat | undefined {
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      return undefined;
    }
    // Unknown names are not kept, so a caller cannot grow the map with made-up zones.
    formatters.set(timeZone, format);
  }
  return format;
}

export function turnClock(nowMs: number, timeZone?: string): TurnClock {
  // Contract: no time zone, or an unknown one, means UTC.
  const given = timeZone ? dateFormatter(timeZone) : undefined;
  const zone = given && timeZone ? timeZone : 'UTC';
  const parts = (given ?? (dateFormatter('UTC') as Intl.DateTimeFormat)).formatToParts(new Date(nowMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '01';
  return { today: `${part('year')}-${part('month')}-${part('day')}`, timeZone: zone };
}

/** Day arithmetic on YYYY-MM-DD strings (calendar dates, no time zone). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD dates; negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** The first day of the month `months` months from the month of `date`. */
export function addMonths(date: string, months: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week of `date` (ISO weeks, as date_trunc('week') counts them). */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Whether `range` lies within one `grain` bucket (a breakdown of it is one row). */
export function withinOneBucket(range: { from: string; to: string }, grain: string): boolean {
  const last = addDays(range.to, -1);
  const key = (d: string) =>
    grain === 'year'
      ? d.slice(0, 4)
      : grain === 'quarter'
        ? `${d.slice(0, 4)}-${Math.floor((Number(d.slice(5, 7)) - 1) / 3)}`
        : grain === 'month'
          ? d.slice(0, 7)
          : undefined;
  const a = key(range.from);
  return a !== undefined && a === key(last) && range.from < range.to;
}
