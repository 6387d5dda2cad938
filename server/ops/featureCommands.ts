/**
 * The feature flags admins switch at run time, from the command line (the console's feature page
 * does the same through server/features/overrides.ts):
 *   features:list                                          per flag: default, the stored value, FEATURE_FLAGS,
 *                                                           the file's value, and the value in force
 *   features:set NAME on|off --reason TEXT [--operator NAME]  stores it (every server process follows
 *                                                           within FEATURE_FLAGS_POLL_MS); audited as from the command line
 */
import fs from 'node:fs';
import featureDefaults from '../../config/access';
import { FEATURES, isFeature } from '../../contract/features';
import { loadConfig } from '../config';
import { effectiveFlags, parseFeatureFlagsFile } from '../features/flags';
import { setFeatureFlag, storedFeatureFlags } from '../features/overrides';
import { cliActor } from '../operators/actor';
import { operatorArgs, type OpsCommand } from './command';

const SWITCH_WORDS: Record<string, boolean> = { on: true, off: false, true: true, false: false };

export const featuresList: OpsCommand = {
  usage: 'features:list',
  async run(args, ctx) {
    if (args.length) throw new Error('features:list takes no options');
    const config = ctx.config ?? loadConfig();
    const file = config.featureFlagsFile ? parseFeatureFlagsFile(fs.readFileSync(config.featureFlagsFile, 'utf8'), config.featureFlagsFile) : null;
    const layers = { stored: await storedFeatureFlags(ctx.db), env: config.featureFlags, file };
    const effective = effectiveFlags(layers);
    for (const name of FEATURES) {
      const stored = layers.stored[name];
      ctx.print({
        name,
        default: featureDefaults[name],
        stored: stored ? { enabled: stored.enabled, updatedBy: stored.updatedBy, updatedAt: new Date(stored.updatedAt).toISOString() } : null,
        env: layers.env[name] ?? null,
        file: file?.[name] ?? null,
        effective: effective[name],
      });
    }
    return 0;
  },
};

export const featuresSet: OpsCommand = {
  usage: 'features:set NAME on|off --reason TEXT [--operator NAME]',
  async run(args, ctx) {
    const { positionals, operator, reason } = operatorArgs(args, true);
    const [name, word, ...rest] = positionals;
    if (!name || !word || rest.length) throw new Error(`usage: ${this.usage}`);
    if (!isFeature(name)) throw new Error(`unknown feature flag "${name}" (known: ${FEATURES.join(', ')})`);
    if (!(word in SWITCH_WORDS)) throw new Error(`expected on or off, got "${word}"`);
    const change = await setFeatureFlag(ctx.db, { actor: cliActor(operator), now: ctx.clock.now(), reason }, name, SWITCH_WORDS[word]);
    const config = ctx.config ?? loadConfig();
    const overridden = config.featureFlags[name] !== undefined ? 'FEATURE_FLAGS' : null;
    ctx.print({
      name,
      enabled: change.after.enabled,
      before: change.before?.enabled ?? null,
      ...(overridden ? { note: `${overridden} sets ${name}=${config.featureFlags[name]} on this host: it wins over the stored value here` } : {}),
    });
    return 0;
  },
};

export const FEATURE_OPS_COMMANDS: Record<string, OpsCommand> = {
  'features:list': featuresList,
  'features:set': featuresSet,
};
