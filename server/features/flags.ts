/**
 * The current feature flags (DESIGN §5), in three layers, each overriding the one before:
 *
 * 1. the defaults of config/access.ts (what the SPA was built with);
 * 2. `FEATURE_FLAGS`, e.g. `transfer=false,mall=false`, read once at start;
 * 3. the JSON file `FEATURE_FLAGS_FILE`, e.g. `{ "transfer": false }`, which an operator edits
 *    while the server runs: it is polled (fs.watchFile) and a change applies without a restart.
 *
 * Parsing is strict: an unknown flag or a value other than true/false is an error. At start that
 * stops the server (a typo must not silently leave a feature on); at run time a broken or
 * missing file is logged and the last good flags stay in force.
 */
import fs from 'node:fs';
import featureDefaults from '../../config/access';
import { FEATURES, isFeature, type Feature, type FeatureFlagsType } from '../../contract/features';

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
  /** how often the file's mtime is checked */
  pollMs: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface FeatureSwitch {
  /** a copy of every flag's current value */
  current(): FeatureFlagsType;
  isOn(feature: Feature): boolean;
  /** stops watching the file */
  close(): void;
}

function differences(before: FeatureFlagsType, after: FeatureFlagsType): string {
  return FEATURES.filter((f) => before[f] !== after[f]).map((f) => `${f}=${after[f]}`).join(',');
}

/** Loads the flags (throws on a bad file at start) and follows the file until `close`. */
export function startFeatureSwitch({ overrides, file, pollMs, log }: FeatureSwitchOptions): FeatureSwitch {
  const base: FeatureFlagsType = { ...featureDefaults, ...overrides };
  let flags: FeatureFlagsType = { ...base, ...(file ? readFlagsFile(file) : {}) };

  const reload = () => {
    let next: FeatureFlagsType;
    try {
      next = { ...base, ...readFlagsFile(file) };
    } catch (error) {
      log.error({ file, reason: (error as Error).message }, 'feature flags file unreadable: keeping the last good flags');
      return;
    }
    const changed = differences(flags, next);
    flags = next;
    if (changed) log.info({ file, changed }, 'feature flags changed');
  };
  if (file) fs.watchFile(file, { interval: pollMs, persistent: false }, reload);

  return {
    current: () => ({ ...flags }),
    isOn: (feature) => flags[feature],
    close: () => {
      if (file) fs.unwatchFile(file, reload);
    },
  };
}
