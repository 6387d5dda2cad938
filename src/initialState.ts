export interface InitialState {
  currentUser?: unknown;
}
export async function fetchInitialState(): Promise<InitialState> {
  return {};
}
