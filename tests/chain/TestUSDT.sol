// SPDX-License-Identifier: MIT
// A minimal ERC-20 with 6 decimals, like USDT on Ethereum, for the deposit watcher's tests
// (tests/server/deposit-watcher.test.ts). `transferMany` sends to several addresses in one
// transaction (several Transfer logs). Regenerate TestUSDT.json with `node tests/chain/compile.mjs`.
pragma solidity 0.8.26;

contract TestUSDT {
    string public constant name = "Test Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 supply) {
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferMany(address[] calldata to, uint256[] calldata values) external returns (bool) {
        require(to.length == values.length, "lengths differ");
        for (uint256 i = 0; i < to.length; i++) _move(msg.sender, to[i], values[i]);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
