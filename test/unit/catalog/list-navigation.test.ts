import { describe, expect, it } from 'vitest';
import { isListKey, movedSelection } from '../../../renderer/src/views/catalog/list-navigation.ts';

describe('moving the catalog selection by keyboard', () => {
  it('steps one row with the arrows and stops at either end', () => {
    expect(movedSelection('ArrowDown', 4, 10, 5)).toBe(5);
    expect(movedSelection('ArrowUp', 4, 10, 5)).toBe(3);
    expect(movedSelection('ArrowDown', 9, 10, 5)).toBe(9);
    expect(movedSelection('ArrowUp', 0, 10, 5)).toBe(0);
  });

  it('pages by the rows in view, clamped, and jumps to the ends with Home and End', () => {
    expect(movedSelection('PageDown', 2, 100, 20)).toBe(22);
    expect(movedSelection('PageDown', 95, 100, 20)).toBe(99);
    expect(movedSelection('PageUp', 30, 100, 20)).toBe(10);
    expect(movedSelection('PageUp', 5, 100, 20)).toBe(0);
    expect(movedSelection('PageDown', 5, 100, 0.4)).toBe(6);
    expect(movedSelection('Home', 50, 100, 20)).toBe(0);
    expect(movedSelection('End', 50, 100, 20)).toBe(99);
  });

  it('selects the first row when none is, and nothing in an empty list', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp'] as const) expect(movedSelection(key, -1, 10, 5)).toBe(0);
    expect(movedSelection('End', -1, 10, 5)).toBe(9);
    expect(movedSelection('ArrowDown', -1, 0, 5)).toBe(-1);
    expect(movedSelection('ArrowDown', 12, 10, 5)).toBe(9);
  });

  it('knows its keys', () => {
    expect(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End'].every(isListKey)).toBe(true);
    expect(['Enter', 'f', 'ArrowLeft', 'Tab'].some(isListKey)).toBe(false);
  });
});
