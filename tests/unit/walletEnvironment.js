/**
 * jsdom, plus Node's typed arrays and text codecs, for tests that sign with ethers.
 * ethers (CommonJS build) hashes with Node's crypto, whose Buffers fail `instanceof Uint8Array`
 * against jsdom's own Uint8Array; and jsdom has no TextEncoder. Use with the docblock
 * `@jest-environment ./tests/unit/walletEnvironment.js`.
 */
const { TextDecoder, TextEncoder } = require('util');
const JsdomEnvironment = require('jest-environment-jsdom').TestEnvironment;

class WalletEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.Uint8Array = Uint8Array;
    this.global.ArrayBuffer = ArrayBuffer;
    this.global.TextEncoder = TextEncoder;
    this.global.TextDecoder = TextDecoder;
  }
}

module.exports = WalletEnvironment;
