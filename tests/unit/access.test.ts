import access from '@/access';
import featureDefaults from '../../config/access';

const user = { uid: '1', address: '0x1', inviteCode: 'A', hasPayPassword: false, inviterUid: null, createdAt: '2024-01-01 00:00:00' };
const serverFlags = { calculate: true, mall: false, transfer: false, deposit: true, invite: false, withdraw: true };

describe('access map', () => {
  it('isLogin follows the current user', () => {
    expect(access(undefined).isLogin).toBe(false);
    expect(access({ features: serverFlags }).isLogin).toBe(false);
    expect(access({ currentUser: user, features: serverFlags }).isLogin).toBe(true);
  });

  it('carries the flags of the initial state (the server\'s), not the build-time defaults', () => {
    expect(access({ currentUser: user, features: serverFlags })).toEqual({ ...serverFlags, isLogin: true });
    expect(access({ features: { ...featureDefaults, calculate: false } }).calculate).toBe(false);
  });

  it('before the initial state has flags, every flag is closed', () => {
    const map = access(undefined);
    for (const flag of Object.keys(featureDefaults)) expect(map[flag as keyof typeof map]).toBe(false);
  });
});
