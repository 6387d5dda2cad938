/**
 * The first value of Umi's initial-state model (plugins/prerender patches the model to use it).
 * A prerendered page is rendered, and hydrated, for a visitor with the default flags: the model
 * starts with that state, not with `undefined` and `loading`. The state fetched at start then
 * re-renders nothing when it is that same visitor's, because Umi's `useModel` compares answers
 * deeply; without the seed, its arrival re-rendered the whole layout right after hydration.
 */
import { DEFAULT_FEATURE_FLAGS } from '@/featureFlags';
import { visitorState, type InitialState } from '@/initialState';
import { rendersPrerenderedPage } from './hydration';

interface ModelState {
  initialState: unknown;
  loading: boolean;
  error: unknown;
}

let seed: InitialState | undefined;

/** The model's first state: the visitor's when rendering a prerendered page, else Umi's own. */
export function firstModelState<State extends ModelState>(unseeded: State): State {
  if (!rendersPrerenderedPage()) return unseeded;
  seed = visitorState(DEFAULT_FEATURE_FLAGS);
  return { ...unseeded, initialState: seed, loading: false, error: undefined };
}

/** The state while the initial state is fetched: unchanged while the seed stands, else Umi's `loading`. */
export function whileFetching<State extends ModelState>(state: State): State {
  if (seed !== undefined && state.initialState === seed) return state;
  return { ...state, loading: true, error: undefined };
}
