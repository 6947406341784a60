// Wall-clock time in an IANA time zone, with Node's own Intl (no tz database of our own).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError for a zone Intl does not know. */
export function checkTimeZone(timeZone: string): string {
  formatter(timeZone);
  return timeZone;
}

export interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallParts(ms: number, timeZone: string): WallParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * Offsets per zone and quarter hour: every zone in use changes its offset on a quarter-hour
 * boundary, so one Intl call per quarter hour and zone is enough (Intl is slow).
 */
const offsets = new Map<string, Map<number, number>>();
const QUARTER = 15 * 60_000;

/** The zone's offset from UTC at the instant `ms`, in ms (Berlin in summer: 7,200,000). */
export function offsetMs(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const bucket = Math.floor(ms / QUARTER);
  let offset = zone.get(bucket);
  if (offset === undefined) {
    const at = bucket * QUARTER;
    const p = wallParts(at, timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
    if (zone.size > 100_000) zone.clear();
    zone.set(bucket, offset);
  }
  return offset;
}

/** 'YYYY-MM-DDTHH:mm:ss' of the instant `ms` on the wall clocks of `timeZone`. */
/** The last answer per zone: a run of orders created in the same second asks the same. */
const lastWall = new Map<string, { ms: number; wall: string }>();

export function wallClock(ms: number, timeZone: string): string {
  const last = lastWall.get(timeZone);
  if (last && last.ms === ms) return last.wall;
  const wall = new Date(ms + offsetMs(ms, timeZone)).toISOString().slice(0, 19);
  if (last) {
    last.ms = ms;
    last.wall = wall;
  } else {
    lastWall.set(timeZone, { ms, wall });
  }
  return wall;
}
