/** Every rule of wallet sign-in (EIP-4361) refuses a message that breaks it. */
import { Wallet } from 'ethers';
import { startTestApp, type TestApp } from './support/app';
import { MINUTE } from './support/clock';
import { buildMessage, fetchNonce, postSignIn, signIn, type MessageFields } from './support/siwe';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function attempt(wallet: Wallet | ReturnType<typeof Wallet.createRandom>, fields: Partial<MessageFields> = {}, host?: string) {
  const nonce = fields.nonce ?? (await fetchNonce(t.app));
  const message = buildMessage({ address: wallet.address, nonce, ...fields }, t.clock);
  const signature = await wallet.signMessage(message);
  const response = await postSignIn(t.app, { message, signature }, host);
  return { response, body: response.json(), message, signature, nonce };
}

describe('wallet sign-in', () => {
  it('signs in a new wallet and returns a token, its expiry and the profile', async () => {
    const wallet = Wallet.createRandom();
    const { response, body } = await attempt(wallet);
    expect(response.statusCode).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body.data.user.address).toBe(wallet.address);
    expect(body.data.user.uid).toMatch(/^[1-9]\d{7}$/);
    expect(body.data.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('refuses a replayed signature (the same message and signature twice)', async () => {
    const wallet = Wallet.createRandom();
    const first = await attempt(wallet);
    expect(first.response.statusCode).toBe(200);
    const replay = await postSignIn(t.app, { message: first.message, signature: first.signature });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errCode).toBe('SIWE_NONCE_INVALID');
  });

  it('refuses a nonce that was already used, even in a new message by another wallet', async () => {
    const first = await attempt(Wallet.createRandom());
    expect(first.response.statusCode).toBe(200);
    const reuse = await attempt(Wallet.createRandom(), { nonce: first.nonce });
    expect(reuse.response.statusCode).toBe(401);
    expect(reuse.body.errCode).toBe('SIWE_NONCE_INVALID');
  });

  it('refuses a nonce the server never issued', async () => {
    const { response, body } = await attempt(Wallet.createRandom(), { nonce: 'NeverIssuedNonce123' });
    expect(response.statusCode).toBe(401);
    expect(body.errCode).toBe('SIWE_NONCE_INVALID');
  });

  it('refuses an expired nonce', async () => {
    const wallet = Wallet.createRandom();
    const nonce = await fetchNonce(t.app);
    t.clock.advance(t.config.nonceTtlMs + 1000);
    const { response, body } = await attempt(wallet, { nonce });
    expect(response.statusCode).toBe(401);
    expect(body.errCode).toBe('SIWE_NONCE_INVALID');
  });

  it('refuses a message for a foreign domain', async () => {
    const { response, body } = await attempt(Wallet.createRandom(), { domain: 'evil.example', uri: 'https://powerfi.test/login' });
    expect(response.statusCode).toBe(401);
    expect(body.errCode).toBe('SIWE_DOMAIN_MISMATCH');
  });

  it('refuses a message whose uri points at another site', async () => {
    const { response, body } = await attempt(Wallet.createRandom(), { uri: 'https://evil.example/login' });
    expect(response.statusCode).toBe(401);
    expect(body.errCode).toBe('SIWE_DOMAIN_MISMATCH');
  });

  it('refuses the phishing relay: a message signed for the relay\'s own domain, relayed with that Host', async () => {
    const victim = Wallet.createRandom();
    const sessionsBefore = await t.db.selectFrom('auth_sessions').select('id').execute();
    // the relay fetches a real nonce through itself, the wallet signs what the phishing page shows
    const nonce = await fetchNonce(t.app);
    const { response, body } = await attempt(victim, { nonce, domain: 'powerfi-airdrop.example', uri: 'https://powerfi-airdrop.example/login' }, 'powerfi-airdrop.example');
    expect(response.statusCode).toBe(401);
    expect(body).toMatchObject({ errCode: 'SIWE_DOMAIN_MISMATCH', errMessage: '簽名訊息的網域與本站不符' });
    expect(body.data).toBeNull();
    expect(await t.db.selectFrom('auth_sessions').select('id').execute()).toHaveLength(sessionsBefore.length);
    expect(await t.db.selectFrom('users').select('id').where('address', '=', victim.address).execute()).toHaveLength(0);
  });

  it('refuses our domain with a uri on another scheme or port (the uri must lie on the configured origin)', async () => {
    for (const uri of ['http://powerfi.test/login', 'https://powerfi.test:8443/login']) {
      const { response, body } = await attempt(Wallet.createRandom(), { uri });
      expect(response.statusCode).toBe(401);
      expect(body).toMatchObject({ errCode: 'SIWE_DOMAIN_MISMATCH', errMessage: '簽名訊息的網址與本站不符' });
    }
  });

  it('refuses a chain id the server does not accept', async () => {
    const { response, body } = await attempt(Wallet.createRandom(), { chainId: 10 });
    expect(response.statusCode).toBe(401);
    expect(body.errCode).toBe('SIWE_CHAIN_UNSUPPORTED');
  });

  it('accepts every configured chain id', async () => {
    for (const chainId of t.config.siweChainIds) {
      const { response } = await attempt(Wallet.createRandom(), { chainId });
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses a message whose expiration time has passed', async () => {
    const now = t.clock.now();
    const { response, body } = await attempt(Wallet.createRandom(), { issuedAt: new Date(now - 2 * MINUTE), expirationTime: new Date(now - 1000) });
    expect(response.statusCode).toBe(401);
    expect(body.errCode).toBe('SIWE_EXPIRED');
  });

  it('refuses a message issued more than 10 minutes ago', async () => {
    const { response, body } = await attempt(Wallet.createRandom(), { issuedAt: new Date(t.clock.now() - 11 * MINUTE) });
    expect(response.statusCode).toBe(401);
    expect(body.errCode).toBe('SIWE_EXPIRED');
  });

  it('refuses a message issued in the future beyond the clock skew', async () => {
    const { response, body } = await attempt(Wallet.createRandom(), { issuedAt: new Date(t.clock.now() + 5 * MINUTE) });
    expect(response.statusCode).toBe(401);
    expect(body.errCode).toBe('SIWE_NOT_YET_VALID');
  });

  it('refuses a message that is not valid yet (notBefore in the future)', async () => {
    const { response, body } = await attempt(Wallet.createRandom(), { notBefore: new Date(t.clock.now() + 5 * MINUTE) });
    expect(response.statusCode).toBe(401);
    expect(body.errCode).toBe('SIWE_NOT_YET_VALID');
  });

  it('accepts a message whose notBefore and expiration frame now', async () => {
    const now = t.clock.now();
    const { response } = await attempt(Wallet.createRandom(), { notBefore: new Date(now - MINUTE), expirationTime: new Date(now + MINUTE) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a lower-case (not EIP-55 checksummed) address', async () => {
    const wallet = Wallet.createRandom();
    const nonce = await fetchNonce(t.app);
    const message = buildMessage({ address: wallet.address, nonce }, t.clock).replace(wallet.address, wallet.address.toLowerCase());
    expect(message).toContain(wallet.address.toLowerCase());
    const response = await postSignIn(t.app, { message, signature: await wallet.signMessage(message) });
    expect(response.statusCode).toBe(401);
    expect(response.json().errCode).toBe('SIWE_INVALID');
    expect(response.json().errMessage).toContain('EIP-55');
  });

  it('refuses a tampered message (signed text changed afterwards)', async () => {
    const wallet = Wallet.createRandom();
    const nonce = await fetchNonce(t.app);
    const message = buildMessage({ address: wallet.address, nonce }, t.clock);
    const signature = await wallet.signMessage(message);
    const tampered = message.replace('Sign in to PowerFi', 'Sign in to PowerFi and approve everything');
    expect(tampered).not.toBe(message);
    const response = await postSignIn(t.app, { message: tampered, signature });
    expect(response.statusCode).toBe(401);
    expect(response.json().errCode).toBe('SIWE_SIGNATURE_INVALID');
  });

  it('refuses a forged signature (another key signing for the victim address)', async () => {
    const victim = Wallet.createRandom();
    const attacker = Wallet.createRandom();
    const nonce = await fetchNonce(t.app);
    const message = buildMessage({ address: victim.address, nonce }, t.clock);
    const response = await postSignIn(t.app, { message, signature: await attacker.signMessage(message) });
    expect(response.statusCode).toBe(401);
    expect(response.json().errCode).toBe('SIWE_SIGNATURE_INVALID');
  });

  it('refuses a signature that is not a valid secp256k1 signature', async () => {
    const wallet = Wallet.createRandom();
    const message = buildMessage({ address: wallet.address, nonce: await fetchNonce(t.app) }, t.clock);
    const response = await postSignIn(t.app, { message, signature: `0x${'00'.repeat(65)}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().errCode).toBe('SIWE_SIGNATURE_INVALID');
  });

  it('refuses text that is not an EIP-4361 message', async () => {
    const wallet = Wallet.createRandom();
    const message = 'please let me in';
    const response = await postSignIn(t.app, { message, signature: await wallet.signMessage(message) });
    expect(response.statusCode).toBe(401);
    expect(response.json().errCode).toBe('SIWE_INVALID');
  });

  it('does not burn the nonce on a failed attempt: the real owner can still use it', async () => {
    const owner = Wallet.createRandom();
    const attacker = Wallet.createRandom();
    const nonce = await fetchNonce(t.app);
    const message = buildMessage({ address: owner.address, nonce }, t.clock);
    const forged = await postSignIn(t.app, { message, signature: await attacker.signMessage(message) });
    expect(forged.json().errCode).toBe('SIWE_SIGNATURE_INVALID');
    const wrongChain = await attempt(owner, { nonce, chainId: 10 });
    expect(wrongChain.body.errCode).toBe('SIWE_CHAIN_UNSUPPORTED');
    const real = await postSignIn(t.app, { message, signature: await owner.signMessage(message) });
    expect(real.statusCode).toBe(200);
    expect(real.json().data.user.address).toBe(owner.address);
  });

  it('signs the same wallet into the same user again, with a new token', async () => {
    const wallet = Wallet.createRandom();
    const first = await signIn(t.app, t.clock, { wallet });
    const second = await signIn(t.app, t.clock, { wallet });
    expect(second.data.user.uid).toBe(first.data.user.uid);
    expect(second.token).not.toBe(first.token);
  });
});

describe('wallet sign-in with several configured origins (PUBLIC_ORIGIN=a,b)', () => {
  let multi: TestApp;
  const ORIGINS = ['https://app.powerfi.example', 'http://10.0.0.5:8000'];
  beforeAll(async () => {
    multi = await startTestApp({ config: { publicOrigins: ORIGINS } });
  });
  afterAll(async () => multi.close());

  const sign = async (domain: string, uri: string, host: string) => {
    const wallet = Wallet.createRandom();
    const message = buildMessage({ address: wallet.address, nonce: await fetchNonce(multi.app), domain, uri }, multi.clock);
    return postSignIn(multi.app, { message, signature: await wallet.signMessage(message) }, host);
  };

  it('accepts each configured origin, whatever Host the request carries', async () => {
    expect((await sign('app.powerfi.example', 'https://app.powerfi.example/login', 'internal-lb:8000')).statusCode).toBe(200);
    expect((await sign('10.0.0.5:8000', 'http://10.0.0.5:8000', 'app.powerfi.example')).statusCode).toBe(200);
  });

  it('refuses a domain that is only the Host of the request, and a uri on the other configured origin', async () => {
    expect((await sign('relay.example', 'https://relay.example/', 'relay.example')).json().errCode).toBe('SIWE_DOMAIN_MISMATCH');
    const crossed = await sign('app.powerfi.example', 'http://10.0.0.5:8000/login', 'app.powerfi.example');
    expect(crossed.json()).toMatchObject({ errCode: 'SIWE_DOMAIN_MISMATCH', errMessage: '簽名訊息的網址與本站不符' });
  });
});
