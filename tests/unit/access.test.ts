import access from '@/access';
import featureFlags from '../../config/access';

const user = { uid: '1', address: '0x1', inviteCode: 'A', hasPayPassword: false, inviterUid: null, createdAt: '2024-01-01 00:00:00' };

describe('access map', () => {
  it('isLogin follows the current user', () => {
    expect(access(undefined).isLogin).toBe(false);
    expect(access({}).isLogin).toBe(false);
    expect(access({ currentUser: user }).isLogin).toBe(true);
  });

  it('carries every admin flag of config/access.ts', () => {
    const map = access({ currentUser: user });
    for (const [flag, value] of Object.entries(featureFlags)) expect(map[flag as keyof typeof map]).toBe(value);
  });
});
