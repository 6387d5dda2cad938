/**
 * Umi's initial-state model as plugins/prerender patches it, run in Umi's own model provider: a
 * prerendered page starts with the visitor's state, and that same state arriving after hydration
 * renders nothing again (Umi's useModel compares deeply); a different one does.
 */
import { act, render } from '@testing-library/react';
import { Provider, useModel } from '@@/plugin-model';
import initialStateModel from '@@/plugin-initialState/@@initialState';
import featureDefaults from '../../config/access';
import { rendersPrerenderedPage } from '@/prerender/hydration';
import { flags } from '@/services/features';

jest.mock('@/app', () => ({ getInitialState: () => jest.requireActual('@/initialState').fetchInitialState() }));
jest.mock('@/services/features', () => ({ flags: jest.fn() }));
jest.mock('@/services/user', () => ({ profile: jest.fn() }));
jest.mock('@/prerender/hydration', () => ({
  rendersPrerenderedPage: jest.fn(),
  afterHydration: () => Promise.resolve(),
  isHydrating: () => false,
}));

const mockedFlags = flags as jest.Mock;
const mockedPrerendered = rendersPrerenderedPage as jest.Mock;

/** Renders a consumer of the model; `seen` has what each of its renders got. */
async function renderConsumer() {
  const seen: { loading: boolean; mall?: boolean; signedIn: boolean }[] = [];
  function Consumer() {
    const { initialState, loading } = useModel('@@initialState');
    seen.push({ loading, mall: initialState?.features.mall, signedIn: !!initialState?.currentUser });
    return null;
  }
  render(
    <Provider models={{ '@@initialState': initialStateModel }}>
      <Consumer />
    </Provider>,
  );
  // the fetch, the wait for hydration and Umi's deferred dispatch
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return seen;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mockedFlags.mockReset();
});

describe('the initial-state model of a prerendered page', () => {
  test("starts with the visitor's state, and the same state fetched renders nothing again", async () => {
    mockedPrerendered.mockReturnValue(true);
    mockedFlags.mockResolvedValue({ ...featureDefaults });
    const seen = await renderConsumer();
    expect(mockedFlags).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([{ loading: false, mall: featureDefaults.mall, signedIn: false }]);
  });

  test('other flags from the server do render again, with them', async () => {
    mockedPrerendered.mockReturnValue(true);
    mockedFlags.mockResolvedValue({ ...featureDefaults, mall: !featureDefaults.mall });
    const seen = await renderConsumer();
    expect(seen[0]).toEqual({ loading: false, mall: featureDefaults.mall, signedIn: false });
    expect(seen[seen.length - 1]).toEqual({ loading: false, mall: !featureDefaults.mall, signedIn: false });
  });

  test("any other page starts as Umi's model does: no state, loading, until it arrives", async () => {
    mockedPrerendered.mockReturnValue(false);
    mockedFlags.mockResolvedValue({ ...featureDefaults });
    const seen = await renderConsumer();
    expect(seen[0]).toEqual({ loading: true, mall: undefined, signedIn: false });
    expect(seen[seen.length - 1]).toEqual({ loading: false, mall: featureDefaults.mall, signedIn: false });
  });
});
