/**
 * The current feature flags, in four layers, each overriding the one before:
 *
 * 1. the defaults of config/access.ts (what the SPA was built with);
 * 2. the values admins set in the operator console (`feature_flag_overrides`, ./overrides.ts):
 *    every process polls the table (FEATURE_FLAGS_POLL_MS), so a change reaches them all within
 *    that interval, and the process that made it at once;
 * 3. `FEATURE_FLAGS`, e.g. `transfer=false,mall=false`, read once at start;
 * 4. the JSON file `FEATURE_FLAGS_FILE`, e.g. `{ "transfer": false }`, which the server's owner
 *    edits while the server runs: it is polled (fs.watchFile) and a change applies without a restart.
 *
 * The server's owner (environment and file) has the last word over the console: a flag forced
 * there is the break-glass switch no console session can undo, and the console shows it as such.
 *
 * Parsing is strict: an unknown flag or a value other than true/false is an error. At start that
 * stops the server (a typo must not silently leave a feature on); at run time a broken or
 * missing file, or an unreadable table, is logged and the last good flags stay in force.
 */
import fs from 'node:fs';
import featureDefaults from '../../config/access';
import { FEATURES, isFeature, type Feature, type FeatureFlagsType } from '../../contract/features';
import type { Db } from '../db';
import { storedFeatureFlags, type StoredFlags } from './overrides';

export type FeatureOverrides = Partial<FeatureFlagsType>;

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false };

function unknownFlag(name: string, source: string): Error {
  return new Error(`${source}: unknown feature flag "${name}" (known: ${FEATURES.join(', ')})`);
}

/** `FEATURE_FLAGS`: comma separated `name=true|false`; empty → no overrides. */
export function parseFeatureFlagsEnv(raw: string, source = 'FEATURE_FLAGS'): FeatureOverrides {
  const overrides: FeatureOverrides = {};
  for (const item of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]+)=(\S+)$/.exec(item);
    if (!match) throw new Error(`${source}: expected name=true|false, got "${item}"`);
    const [, name, word] = match;
    if (!isFeature(name)) throw unknownFlag(name, source);
    if (!(word in BOOLEAN_WORDS)) throw new Error(`${source}: ${name} must be true or false, got "${word}"`);
    if (name in overrides) throw new Error(`${source}: ${name} is given twice`);
    overrides[name] = BOOLEAN_WORDS[word];
  }
  return overrides;
}

/** The flags file: one JSON object of known flags with boolean values (any subset). */
export function parseFeatureFlagsFile(text: string, source: string): FeatureOverrides {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${source}: expected a JSON object of flags`);
  const overrides: FeatureOverrides = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!isFeature(name)) throw unknownFlag(name, source);
    if (typeof value !== 'boolean') throw new Error(`${source}: ${name} must be true or false, got ${JSON.stringify(value)}`);
    overrides[name] = value;
  }
  return overrides;
}

function readFlagsFile(file: string): FeatureOverrides {
  return parseFeatureFlagsFile(fs.readFileSync(file, 'utf8'), file);
}

export interface FeatureSwitchOptions {
  /** parsed `FEATURE_FLAGS` */
  overrides: FeatureOverrides;
  /** path of the operator's JSON file; empty → none */
  file: string;
  /** how often the file's mtime, and the console's table, are checked */
  pollMs: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Every layer of the flags as this process holds them now. */
export interface FeatureLayers {
  /** the console's values (feature_flag_overrides) */
  stored: StoredFlags;
  /** FEATURE_FLAGS */
  env: FeatureOverrides;
  /** FEATURE_FLAGS_FILE's last good content; null when no file is configured */
  file: FeatureOverrides | null;
}

export interface FeatureSwitch {
  /** a copy of every flag's current value */
  current(): FeatureFlagsType;
  isOn(feature: Feature): boolean;
  layers(): FeatureLayers;
  /**
   * Reads the console's values from the database now, then every `pollMs` until `close`
   * (resolves once the first read is in force; a second call changes nothing).
   */
  followDatabase(db: Db): Promise<void>;
  /** reads the console's values now (after a change made by this process) */
  refresh(): Promise<void>;
  /** stops watching the file and the table (waits for a read in flight) */
  close(): Promise<void>;
}

/** The flags in force given every layer (defaults < console < FEATURE_FLAGS < file). */
export function effectiveFlags({ stored, env, file }: FeatureLayers): FeatureFlagsType {
  const set = Object.fromEntries(Object.entries(stored).map(([name, flag]) => [name, flag.enabled])) as FeatureOverrides;
  return { ...featureDefaults, ...set, ...env, ...(file ?? {}) };
}

function differences(before: FeatureFlagsType, after: FeatureFlagsType): string {
  return FEATURES.filter((f) => before[f] !== after[f]).map((f) => `${f}=${after[f]}`).join(',');
}

/** Whether every flag has the value the SPA was built with (config/access.ts). */
export function atBuildDefaults(flags: FeatureFlagsType): boolean {
  return differences(featureDefaults, flags) === '';
}

/** Loads the flags (throws on a bad file at start) and follows the file until `close`. */
export function startFeatureSwitch({ overrides, file, pollMs, log }: FeatureSwitchOptions): FeatureSwitch {
  const layers: FeatureLayers = { stored: {}, env: { ...overrides }, file: file ? readFlagsFile(file) : null };
  let flags: FeatureFlagsType = effectiveFlags(layers);
  let db: Db | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const apply = (source: string) => {
    const next = effectiveFlags(layers);
    const changed = differences(flags, next);
    flags = next;
    if (changed) log.info({ source, changed }, 'feature flags changed');
  };

  const reloadFile = () => {
    try {
      layers.file = readFlagsFile(file);
    } catch (error) {
      log.error({ file, reason: (error as Error).message }, 'feature flags file unreadable: keeping the last good flags');
      return;
    }
    apply(file);
  };
  if (file) fs.watchFile(file, { interval: pollMs, persistent: false }, reloadFile);

  const readTable = async (from: Db) => {
    layers.stored = await storedFeatureFlags(from);
    apply('feature_flag_overrides');
  };

  // one read at a time, in order: a refresh during a poll reads again after it, so it sees its own write
  let reads: Promise<void> = Promise.resolve();
  const read = (): Promise<void> => {
    const next = reads.then(() => (db && !closed ? readTable(db) : undefined));
    reads = next.catch(() => undefined);
    return next;
  };

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      read()
        .catch((error: unknown) => log.error({ reason: (error as Error).message }, 'feature flags table unreadable: keeping the last good flags'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    current: () => ({ ...flags }),
    isOn: (feature) => flags[feature],
    layers: () => ({ stored: { ...layers.stored }, env: { ...layers.env }, file: layers.file && { ...layers.file } }),
    followDatabase: async (from) => {
      if (db) return;
      db = from;
      await read();
      schedule();
    },
    refresh: () => read(),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      if (file) fs.unwatchFile(file, reloadFile);
      await reads;
    },
  };
}
