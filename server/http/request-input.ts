/** A request's fields as strings: query first, then the body (form or JSON) over it. */
export type Input = Readonly<Record<string, string>>;

const MAX_FIELDS = 50;

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // A JSON 1e309 arrives as Infinity: kept as text so an amount check refuses it, not "required".
  if (typeof value === 'number') return String(value);
  // As words, not '1'/'0': a flag field reads them, and an id, amount or "1 = long" alias refuses them.
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return scalar(value[0]);
  return undefined;
}

/** Keys a request sent more than once, and keys that came as JSON numbers, booleans or arrays rather than strings. */
export interface FieldFlags {
  /**
   * Repeated in a form ("number=1&number=2"), sent as a JSON array (even of one), or in both the
   * query and the body. defineRoute refuses such a request before its handler runs (firstRepeated).
   */
  repeated: ReadonlySet<string>;
  /** Sent as a JSON number: never an amount (the wire's amounts are decimal strings). */
  numeric: ReadonlySet<string>;
  /**
   * Sent as a JSON boolean or an array (even of one): flattened to text for flag fields ("stay") and
   * words, but never an amount, an id or a symbol, where `["5"]` would read as 5.
   */
  nonText: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Flattens query and body into plain strings, and notes what that flattens away (a money field must
 * be said once, as text). Objects are dropped, empty strings count as absent (forms send '' for
 * untouched fields), and the input has no prototype, so "__proto__" is just a key. Handlers read only
 * the fields their schema names: extra fields are ignored. One pass: every API request runs this.
 */
export function readInput(...sources: unknown[]): { input: Input; flags: FieldFlags } {
  const input: Record<string, string> = Object.create(null) as Record<string, string>;
  const seen = new Set<string>();
  let repeated: Set<string> | undefined;
  let numeric: Set<string> | undefined;
  let nonText: Set<string> | undefined;
  for (const source of sources) {
    if (source === null || typeof source !== 'object') continue;
    let fields = 0;
    for (const key in source) {
      if (!Object.hasOwn(source, key)) continue;
      const raw = (source as Record<string, unknown>)[key];
      // Past the cap a field is not read, but still counts as a repeat: a body's 51st field must
      // not restate the query's one unnoticed.
      if (seen.has(key) || Array.isArray(raw)) (repeated ??= new Set()).add(key);
      seen.add(key);
      if (fields++ >= MAX_FIELDS) continue;
      const value = scalar(raw);
      if (value !== undefined && value !== '') input[key] = value;
      if (typeof raw === 'number' || (Array.isArray(raw) && raw.some((v) => typeof v === 'number'))) (numeric ??= new Set()).add(key);
      if (typeof raw === 'boolean' || Array.isArray(raw)) (nonText ??= new Set()).add(key);
    }
  }
  return { input, flags: { repeated: repeated ?? NONE, numeric: numeric ?? NONE, nonText: nonText ?? NONE } };
}

/**
 * The first field the request sent more than once, if any. Every route refuses it: whichever value a
 * handler picked, a proxy or a log reading another one would see a different request.
 */
export function firstRepeated(flags: FieldFlags): string | undefined {
  for (const key of flags.repeated) return key;
  return undefined;
}

/** A field said once, as text or a JSON number: what an id or a symbol must be. */
export function saidOnce(flags: FieldFlags, field: string): boolean {
  return !flags.repeated.has(field) && !flags.nonText.has(field);
}
