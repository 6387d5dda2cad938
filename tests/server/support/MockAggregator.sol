// SPDX-License-Identifier: MIT
// A Chainlink-style price aggregator for the price feed's tests (tests/server/price-sources.test.ts):
// the AggregatorV3Interface calls the server reads (decimals, latestRoundData), and a setter the
// test calls to publish a round with any answer and updatedAt, fresh, stale, zero, negative or in
// the future. Compiled at test time with solc-js (tests/server/support/priceFeed.ts).
pragma solidity ^0.8.0;

contract MockAggregator {
    uint8 public immutable decimals;
    uint80 private roundId;
    int256 private answer;
    uint256 private startedAt;
    uint256 private updatedAt;

    constructor(uint8 decimals_) {
        decimals = decimals_;
    }

    /// publishes a new round: `updatedAt_` in seconds since the epoch
    function setRound(int256 answer_, uint256 updatedAt_) external {
        roundId += 1;
        answer = answer_;
        startedAt = updatedAt_;
        updatedAt = updatedAt_;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (roundId, answer, startedAt, updatedAt, roundId);
    }
}
