import { describe, expect, it } from 'vitest';
import { knownToken, knownTokens } from '../../../shared/quotes/known-tokens.ts';
import { exactUnits, impliedPrice, priceText, roundedUnits, tokenInfo } from '../../../shared/quotes/token-amounts.ts';

// F14 point 7: token amounts a person can read, scaled by their decimals exactly (BigInt, no
// float), with symbols from the data or the documented table, and an implied price. Every
// expected value below was worked out by hand (moving the decimal point), not by the code.

describe('exactUnits: smallest units scaled by decimals, every digit kept', () => {
  it('scales the issue’s WETH amount and keeps 18-decimal amounts above 2^53 exact', () => {
    expect(exactUnits(107_144_000_000_000_000n, 18)).toBe('0.107144');
    expect(exactUnits(753_022_391_837_461_234n, 18)).toBe('0.753022391837461234');
    // 2^53 + 1 wei: a float would read it as 2^53.
    expect(exactUnits(9_007_199_254_740_993n, 18)).toBe('0.009007199254740993');
    expect(exactUnits(12_345_678_901_234_567_890_123n, 18)).toBe('12345.678901234567890123');
    // 2^256 − 1 with 18 decimals.
    expect(exactUnits(2n ** 256n - 1n, 18)).toBe('115792089237316195423570985008687907853269984665640564039457.584007913129639935');
  });

  it('scales 6- and 8-decimal tokens, whole amounts and zero', () => {
    expect(exactUnits(4_485_000_000n, 6)).toBe('4485');
    expect(exactUnits(1_979_997_955n, 6)).toBe('1979.997955');
    expect(exactUnits(1n, 8)).toBe('0.00000001');
    expect(exactUnits(0n, 18)).toBe('0');
    expect(exactUnits(42n, 0)).toBe('42');
  });
});

describe('roundedUnits: the column’s figure, 6 significant digits, whole part never cut', () => {
  it('rounds half up and keeps the places it rounded to', () => {
    expect(roundedUnits(753_022_391_837_461_234n, 18)).toBe('0.753022');
    expect(roundedUnits(1_979_997_955n, 6)).toBe('1,980.00');
    expect(roundedUnits(12_345_678_900_000n, 18)).toBe('0.0000123457');
    expect(roundedUnits(12_345_678_901_234_567_890_123n, 18)).toBe('12,345.7');
    expect(roundedUnits(123_456_789_012_345n, 6)).toBe('123,456,789');
  });

  it('shows an exact amount without padding zeros', () => {
    expect(roundedUnits(100_000_000_000_000_000n, 18)).toBe('0.1');
    expect(roundedUnits(1_000n * 10n ** 18n, 18)).toBe('1,000');
    expect(roundedUnits(107_144_000_000_000_000n, 18)).toBe('0.107144');
    expect(roundedUnits(0n, 6)).toBe('0');
  });
});

describe('the well-known tokens', () => {
  it('has the five Ethereum mainnet tokens with their decimals', () => {
    const mainnet = Object.fromEntries(knownTokens.filter((token) => token.chainId === 'eip155:1').map((token) => [token.symbol, token.decimals]));
    expect(mainnet).toEqual({ WETH: 18, USDC: 6, USDT: 6, DAI: 18, WBTC: 8 });
  });

  it('finds a token by CAIP-19 id, by address and chain (any case, chain as a number), never on another chain', () => {
    expect(knownToken('eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', null)?.symbol).toBe('WETH');
    expect(knownToken('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '1')?.symbol).toBe('USDC');
    expect(knownToken('0xdAC17F958D2ee523a2206206994597C13D831ec7', 'eip155:1')?.decimals).toBe(6);
    expect(knownToken('eip155:42161/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', null)).toBeNull();
    expect(knownToken('0x0000000000000000000000000000000000000001', 'eip155:1')).toBeNull();
  });

  it('prefers what the data says: its decimals and symbol win over the table', () => {
    expect(tokenInfo({ assetId: 'eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2' })).toMatchObject({ symbol: 'WETH', decimals: 18, from: { symbol: 'table', decimals: 'table' } });
    // A quote row carries decimals, not symbols: decimals from the row, the symbol from the table.
    expect(tokenInfo({ assetId: 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 })).toMatchObject({ symbol: 'USDC', decimals: 6, from: { symbol: 'table', decimals: 'data' } });
    expect(tokenInfo({ assetId: 'eip155:1/erc20:0xabc', decimals: 9, symbol: 'XYZ' })).toMatchObject({ symbol: 'XYZ', decimals: 9, from: { symbol: 'data', decimals: 'data' } });
    expect(tokenInfo({ assetId: 'eip155:1/erc20:0xabc' })).toMatchObject({ symbol: null, decimals: null, from: { symbol: null, decimals: null } });
  });
});

describe('impliedPrice: the price of the pair in whole tokens, quoted in the dollar side', () => {
  const weth = tokenInfo({ assetId: 'eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2' });
  const usdc = tokenInfo({ assetId: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' });

  it('selling 0.5 WETH for 1,314.72 USDC is 2,629.44 USDC per WETH; 0.107144 WETH for 281.728116 USDC is 2,629.43 (= 2629.43436…)', () => {
    const pair = impliedPrice({ units: 500_000_000_000_000_000n, token: weth }, { units: 1_314_720_000n, token: usdc });
    expect(pair?.base.symbol).toBe('WETH');
    expect(pair?.quote.symbol).toBe('USDC');
    expect(pair === null ? null : priceText(pair.price)).toBe('2,629.44');
    const odd = impliedPrice({ units: 107_144_000_000_000_000n, token: weth }, { units: 281_728_116n, token: usdc });
    expect(odd === null ? null : priceText(odd.price)).toBe('2,629.43');
  });

  it('buying WETH with USDC quotes the same way round: USDC per WETH', () => {
    const pair = impliedPrice({ units: 2_629_434_512n, token: usdc }, { units: 10n ** 18n, token: weth });
    expect(pair?.base.symbol).toBe('WETH');
    expect(pair === null ? null : priceText(pair.price)).toBe('2,629.43');
  });

  it('is none without both decimals or with a zero amount', () => {
    const unknown = tokenInfo({ assetId: 'eip155:1/erc20:0xabc' });
    expect(impliedPrice({ units: 10n, token: unknown }, { units: 10n, token: usdc })).toBeNull();
    expect(impliedPrice({ units: 0n, token: weth }, { units: 10n, token: usdc })).toBeNull();
  });
});
