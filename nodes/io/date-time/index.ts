import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const validZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const UNITS = ['millisecond', 'second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const;
type Unit = (typeof UNITS)[number];
const dateInput = z.union([z.string().max(100), z.number()]);

const params = z.object({
  operation: z.enum(['now', 'format', 'add', 'subtract', 'diff', 'start_of', 'end_of', 'parse']).default('format').describe('now, format, add/subtract `amount` `unit`, diff (`other` − `date` in `unit`), start_of/end_of a `unit`, or parse.'),
  date: dateInput.optional().describe('An ISO 8601 date, `YYYY-MM-DD[ HH:mm[:ss]]` (wall time in `timezone`), an RFC 2822 date or epoch milliseconds; defaults to now.'),
  timezone: z.string().max(64).default('UTC').refine(validZone, 'unknown IANA time zone').describe('IANA time zone for wall-clock parts, formatting and calendar arithmetic (`Europe/Paris`).'),
  format: z.string().max(200).default('iso').describe('`iso` (offset ISO 8601 in the zone), `date`, `time`, `datetime`, `unix`, `unix_ms`, `short`/`medium`/`long`/`full` (Intl styles in `locale`), or a pattern of tokens yyyy yy MMMM MMM MM M dd d EEEE EEE HH H hh h mm ss SSS a XXX (text in single quotes is literal).'),
  locale: z.string().max(35).default('en-US').describe('BCP 47 locale for month/day names and Intl styles.'),
  amount: z.number().default(0).describe('How many `unit`s to add or subtract.'),
  unit: z.enum(UNITS).default('day').describe('Unit for add, subtract, diff, start_of and end_of.'),
  other: dateInput.optional().describe('The second date for `diff`.'),
});

interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number; weekday: number }

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function wall(epoch: number, tz: string): Wall {
  let f = partsFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' });
    partsFormatters.set(tz, f);
  }
  const parts: Record<string, string> = {};
  for (const part of f.formatToParts(new Date(epoch))) parts[part.type] = part.value;
  return {
    year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24,
    minute: Number(parts.minute), second: Number(parts.second), ms: ((epoch % 1000) + 1000) % 1000,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? 'Sun'),
  };
}

/** Minutes east of UTC in `tz` at `epoch`. */
function offsetMinutes(epoch: number, tz: string): number {
  const w = wall(epoch, tz);
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms) - epoch) / 60000);
}

/** The instant a wall-clock time in `tz` names (the earlier one in a DST overlap). */
function fromWall(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number, tz: string): number {
  const guess = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const off1 = offsetMinutes(guess, tz);
  let t = guess - off1 * 60000;
  const off2 = offsetMinutes(t, tz);
  if (off2 !== off1) t = guess - off2 * 60000;
  return t;
}

function parseDate(input: string | number | undefined, tz: string, field: string): number {
  if (input === undefined || input === 'now') return Date.now();
  if (typeof input === 'number') return input;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(input.trim());
  if (m) return fromWall(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), +((m[7] ?? '0').padEnd(3, '0')), tz);
  if (/^-?\d+$/.test(input.trim())) return Number(input);
  const t = Date.parse(input);
  if (Number.isNaN(t)) throw new NodeError(`${field}: cannot parse "${input}" as a date`, { type: 'invalid_input' });
  return t;
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
function offsetText(mins: number): string {
  if (mins === 0) return 'Z';
  return `${mins < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(mins) / 60))}:${pad(Math.abs(mins) % 60)}`;
}

function format(epoch: number, tz: string, fmt: string, locale: string): string | number {
  const w = wall(epoch, tz);
  const off = offsetMinutes(epoch, tz);
  const iso = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}.${pad(w.ms, 3)}${offsetText(off)}`;
  switch (fmt) {
    case 'iso': return iso;
    case 'unix': return Math.floor(epoch / 1000);
    case 'unix_ms': return epoch;
    case 'date': return iso.slice(0, 10);
    case 'time': return iso.slice(11, 19);
    case 'datetime': return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    case 'short': case 'medium': case 'long': case 'full':
      return new Intl.DateTimeFormat(locale, { dateStyle: fmt, timeStyle: fmt === 'full' ? 'long' : fmt, timeZone: tz }).format(new Date(epoch));
  }
  const name = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...opts, timeZone: tz }).format(new Date(epoch));
  return fmt.replace(/'([^']*)'|yyyy|yy|MMMM|MMM|MM|M|dd|d|EEEE|EEE|HH|H|hh|h|mm|ss|SSS|a|XXX/g, (tok, literal?: string) => {
    if (literal !== undefined) return literal;
    switch (tok) {
      case 'yyyy': return pad(w.year, 4);
      case 'yy': return pad(w.year % 100);
      case 'MMMM': return name({ month: 'long' });
      case 'MMM': return name({ month: 'short' });
      case 'MM': return pad(w.month);
      case 'M': return String(w.month);
      case 'dd': return pad(w.day);
      case 'd': return String(w.day);
      case 'EEEE': return name({ weekday: 'long' });
      case 'EEE': return name({ weekday: 'short' });
      case 'HH': return pad(w.hour);
      case 'H': return String(w.hour);
      case 'hh': return pad(w.hour % 12 || 12);
      case 'h': return String(w.hour % 12 || 12);
      case 'mm': return pad(w.minute);
      case 'ss': return pad(w.second);
      case 'SSS': return pad(w.ms, 3);
      case 'a': return w.hour < 12 ? 'AM' : 'PM';
      case 'XXX': return offsetText(off);
      default: return tok;
    }
  });
}

const FIXED_MS: Partial<Record<Unit, number>> = { millisecond: 1, second: 1000, minute: 60_000, hour: 3_600_000 };

function add(epoch: number, amount: number, unit: Unit, tz: string): number {
  const fixed = FIXED_MS[unit];
  if (fixed) return epoch + amount * fixed;
  if (!Number.isInteger(amount)) throw new NodeError(`amount must be a whole number of ${unit}s`, { type: 'invalid_params' });
  const w = wall(epoch, tz);
  if (unit === 'day' || unit === 'week') {
    const d = new Date(Date.UTC(w.year, w.month - 1, w.day + amount * (unit === 'week' ? 7 : 1)));
    return fromWall(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), w.hour, w.minute, w.second, w.ms, tz);
  }
  const months = w.month - 1 + amount * (unit === 'year' ? 12 : 1);
  const year = w.year + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromWall(year, month + 1, Math.min(w.day, lastDay), w.hour, w.minute, w.second, w.ms, tz);
}

function startOf(epoch: number, unit: Unit, tz: string): number {
  const w = wall(epoch, tz);
  switch (unit) {
    case 'millisecond': return epoch;
    case 'second': return epoch - w.ms;
    case 'minute': return fromWall(w.year, w.month, w.day, w.hour, w.minute, 0, 0, tz);
    case 'hour': return fromWall(w.year, w.month, w.day, w.hour, 0, 0, 0, tz);
    case 'day': return fromWall(w.year, w.month, w.day, 0, 0, 0, 0, tz);
    case 'week': { // ISO weeks start on Monday
      const back = (w.weekday + 6) % 7;
      const d = new Date(Date.UTC(w.year, w.month - 1, w.day - back));
      return fromWall(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 0, 0, 0, 0, tz);
    }
    case 'month': return fromWall(w.year, w.month, 1, 0, 0, 0, 0, tz);
    case 'year': return fromWall(w.year, 1, 1, 0, 0, 0, 0, tz);
  }
}

function diff(a: number, b: number, unit: Unit, tz: string): number {
  const fixed = FIXED_MS[unit] ?? (unit === 'day' ? 86_400_000 : unit === 'week' ? 604_800_000 : undefined);
  if (fixed) return (b - a) / fixed;
  const wa = wall(a, tz);
  const wb = wall(b, tz);
  let months = (wb.year - wa.year) * 12 + (wb.month - wa.month);
  // Whole months only: a month is not complete until the same wall time of day-of-month.
  const restA = [wa.day, wa.hour, wa.minute, wa.second, wa.ms];
  const restB = [wb.day, wb.hour, wb.minute, wb.second, wb.ms];
  const cmp = restB.reduce((acc, v, i) => (acc !== 0 ? acc : Math.sign(v - restA[i]!)), 0);
  if (months > 0 && cmp < 0) months -= 1;
  if (months < 0 && cmp > 0) months += 1;
  return unit === 'year' ? Math.trunc(months / 12) : months;
}

export const ioDateTime: NodeDefinition<typeof params> = {
  type: 'io.date_time',
  version: 1,
  category: 'io',
  subcategory: 'date',
  name: 'Date & time',
  description: 'Parses, formats and computes dates in any IANA time zone (Intl): now, format, add/subtract (calendar-aware for days, weeks, months and years across DST), diff, start_of/end_of. `main` = {iso (UTC), epoch_ms, timezone, local (offset ISO in the zone), formatted, parts} or, for diff, {diff, unit}.',
  tags: ['date', 'time', 'timezone', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{iso, epoch_ms, timezone, local, formatted, parts:{year,month,day,hour,minute,second,weekday}} or {diff, unit}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const tz = p.timezone;
    const date = parseDate(p.operation === 'now' ? undefined : p.date, tz, 'date');
    if (p.operation === 'diff') {
      if (p.other === undefined) throw new NodeError('diff needs `other`', { type: 'invalid_params' });
      return { output: { main: { diff: diff(date, parseDate(p.other, tz, 'other'), p.unit, tz), unit: p.unit } } };
    }
    let t = date;
    if (p.operation === 'add') t = add(date, p.amount, p.unit, tz);
    if (p.operation === 'subtract') t = add(date, -p.amount, p.unit, tz);
    if (p.operation === 'start_of') t = startOf(date, p.unit, tz);
    if (p.operation === 'end_of') t = startOf(add(date, 1, p.unit === 'millisecond' ? 'millisecond' : p.unit, tz), p.unit, tz) - 1;
    if (!Number.isFinite(t) || Math.abs(t) > 8.64e15) throw new NodeError('date out of range', { type: 'invalid_input' });
    const w = wall(t, tz);
    return {
      output: {
        main: {
          iso: new Date(t).toISOString(),
          epoch_ms: t,
          timezone: tz,
          local: format(t, tz, 'iso', p.locale),
          formatted: format(t, tz, p.format, p.locale),
          parts: { year: w.year, month: w.month, day: w.day, hour: w.hour, minute: w.minute, second: w.second, weekday: w.weekday },
        },
      },
    };
  },
};
