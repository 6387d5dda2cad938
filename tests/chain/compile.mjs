// Regenerates tests/chain/TestUSDT.json (ABI + bytecode) from TestUSDT.sol with solc 0.8.26 from
// npm, run through npx so that solc is no dependency of the project:
//   node tests/chain/compile.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const input = {
  language: 'Solidity',
  sources: { 'TestUSDT.sol': { content: fs.readFileSync(path.join(dir, 'TestUSDT.sol'), 'utf8') } },
  // paris: no PUSH0, so any local node (ganache 7 included) runs it
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
};
const output = JSON.parse(execFileSync('npx', ['-y', 'solc@0.8.26', '--standard-json'], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 64 << 20 })
  .replace(/^[^{]*/, ''));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
const contract = output.contracts['TestUSDT.sol'].TestUSDT;
const artifact = { contractName: 'TestUSDT', compiler: 'solc 0.8.26, optimizer 200 runs, evm paris', abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
fs.writeFileSync(path.join(dir, 'TestUSDT.json'), `${JSON.stringify(artifact, null, 2)}\n`);
console.log(`wrote ${path.join(dir, 'TestUSDT.json')} (${contract.evm.bytecode.object.length / 2} bytes of bytecode)`);
