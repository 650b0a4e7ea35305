import { beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../../renderer/src/stores/ui-store.ts';

// "Add API key" sends the user to Settings; saving the key brings them back to where they were.

beforeEach(() => {
  useUiStore.setState({ activeView: 'catalog', params: {}, settingsFocus: null, settingsReturn: null });
});

describe('returning from Settings after "Add API key"', () => {
  it('returns to the view the key was asked for in, with its parameters as they were', () => {
    const store = useUiStore.getState();
    store.openView('workspace', { source: 'hyperliquid', market: 'BTC', interval: '5m', span: '6h' });
    store.openSettings('api-key');
    expect(useUiStore.getState().activeView).toBe('settings');
    useUiStore.getState().returnFromSettings();
    expect(useUiStore.getState()).toMatchObject({ activeView: 'workspace', settingsReturn: null, params: { workspace: { source: 'hyperliquid', market: 'BTC', interval: '5m', span: '6h' } } });
  });

  it('stays in Settings when the user came by another way, or moved on in between', () => {
    useUiStore.getState().showView('settings');
    useUiStore.getState().returnFromSettings();
    expect(useUiStore.getState().activeView).toBe('settings');

    useUiStore.getState().openView('workspace', { source: 'hyperliquid', market: 'BTC' });
    useUiStore.getState().openSettings('api-key');
    useUiStore.getState().showView('downloads');
    useUiStore.getState().showView('settings');
    useUiStore.getState().returnFromSettings();
    expect(useUiStore.getState().activeView).toBe('settings');

    // "Check data source" is not a key: saving a key then does not move the user.
    useUiStore.getState().openView('workspace', { source: 'hyperliquid', market: 'BTC' });
    useUiStore.getState().openSettings('data-source');
    useUiStore.getState().returnFromSettings();
    expect(useUiStore.getState().activeView).toBe('settings');
  });
});
