/**
 * A local EVM chain for the tests that need a real one (deposit watcher, withdrawal signer, the
 * deposit e2e test): ganache in process on a free port, chain id 1337, its deterministic accounts,
 * every transaction mined at once, and TestUSDT (6 decimals, tests/chain/TestUSDT.sol) deployed by
 * the first account, which holds its whole supply.
 */
import ganache from 'ganache';
import { ContractFactory, JsonRpcProvider, Network, parseEther, parseUnits, Wallet, type Contract, type JsonRpcSigner } from 'ethers';
import artifact from './TestUSDT.json';

export interface LocalChain {
  rpcUrl: string;
  provider: JsonRpcProvider;
  /** ganache's first account: it deployed TestUSDT and holds its supply and 1000 ETH */
  funder: JsonRpcSigner;
  usdt: Contract;
  stop: () => Promise<void>;
}

const CHAIN_ID = 1337;

export async function startLocalChain(): Promise<LocalChain> {
  const node = ganache.server({ logging: { quiet: true }, chain: { chainId: CHAIN_ID }, wallet: { deterministic: true }, miner: { instamine: 'eager' } });
  await node.listen(0, '127.0.0.1');
  const rpcUrl = `http://127.0.0.1:${node.address().port}`;
  const network = Network.from(CHAIN_ID);
  const provider = new JsonRpcProvider(rpcUrl, network, { staticNetwork: network, cacheTimeout: -1 });
  const funder = await provider.getSigner(0);
  const usdt = (await new ContractFactory(artifact.abi, artifact.bytecode, funder).deploy(parseUnits('1000000000', 6))) as Contract;
  await usdt.waitForDeployment();
  return {
    rpcUrl,
    provider,
    funder,
    usdt,
    stop: async () => {
      provider.destroy();
      await node.close();
    },
  };
}

/** a new wallet (a hot wallet, say) holding `usdtAmount` TestUSDT and 10 ETH for gas, paid by the funder */
export async function fundedWallet({ provider, funder, usdt }: LocalChain, usdtAmount: string): Promise<Wallet> {
  const wallet = Wallet.createRandom().connect(provider) as unknown as Wallet;
  await (await funder.sendTransaction({ to: wallet.address, value: parseEther('10') })).wait();
  await (await (usdt.transfer as (to: string, v: bigint) => Promise<{ wait(): Promise<unknown> }>)(wallet.address, parseUnits(usdtAmount, 6))).wait();
  return wallet;
}
