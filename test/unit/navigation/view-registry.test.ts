import { describe, expect, it } from 'vitest';
import { defaultSettings, viewIdSchema } from '../../../shared/settings.ts';
import { parseRoute } from '../../../renderer/src/navigation/route.ts';
import { shortcutSectionsOf } from '../../../renderer/src/navigation/shortcut-registry.ts';
import { viewById, viewOrFirst, type ViewDefinition, type ViewRegistry } from '../../../renderer/src/navigation/view-definition.ts';
import { useUiStore } from '../../../renderer/src/stores/ui-store.ts';
import { viewRegistry } from '../../../renderer/src/views/view-registry.ts';

/** A view for a hand-made registry: only its id and `g` letter matter here. */
function view(id: string, goKey: string): ViewDefinition {
  return { id, label: id, goKey, icon: '·', summary: id, shortcuts: [], component: () => null };
}

describe('the view registry', () => {
  it('names each view once, by an id settings can keep, with its own g letter and label', () => {
    const ids = viewRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(viewIdSchema.safeParse(id).success, id).toBe(true);
    const goKeys = viewRegistry.map((entry) => entry.goKey);
    expect(new Set(goKeys).size).toBe(goKeys.length);
    // One plain letter each, and never g itself (g starts the chord).
    for (const key of goKeys) expect(key, key).toMatch(/^[a-fh-z]$/);
    const labels = viewRegistry.map((entry) => entry.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('starts with the view a fresh install shows and the UI store starts on', () => {
    expect(viewRegistry[0].id).toBe(defaultSettings.ui.lastView);
    expect(viewRegistry[0].id).toBe(useUiStore.getInitialState().activeView);
  });

  it('gives no link alias that is also a view id, and no section id of the shortcut sheet twice', () => {
    const ids = new Set(viewRegistry.map((entry) => entry.id));
    for (const alias of viewRegistry.flatMap((entry) => entry.linkAliases ?? [])) expect(ids.has(alias), alias).toBe(false);
    const sections = shortcutSectionsOf(viewRegistry).map((section) => section.id);
    expect(new Set(sections).size).toBe(sections.length);
  });
});

describe('a view id the app does not have', () => {
  const registry: ViewRegistry = [view('first', 'f'), view('second', 's')];

  it('shows the first view (a saved last view from another version of the app)', () => {
    expect(viewOrFirst(registry, 'second').id).toBe('second');
    expect(viewOrFirst(registry, 'ticker-tape').id).toBe('first');
    expect(viewOrFirst(registry, '').id).toBe('first');
    expect(viewById(registry, 'ticker-tape')).toBeUndefined();
    expect(viewOrFirst(viewRegistry, 'ticker-tape')).toBe(viewRegistry[0]);
    expect(viewOrFirst(viewRegistry, 'replay').label).toBe('Book replay');
  });

  it('is not a link target: the link is refused and says which views there are', () => {
    expect(parseRoute('#/second/a/b', registry)).toEqual({ kind: 'route', route: { view: 'second', params: { source: 'a', market: 'b' } }, dropped: [] });
    expect(parseRoute('#/ticker-tape', registry)).toEqual({ kind: 'invalid', reason: '"ticker-tape" is not a view (views: first, second)' });
  });

  it('a link alias names its view, an id wins over an alias, and a name on Object.prototype is no view', () => {
    const aliased: ViewRegistry = [{ ...view('first', 'f'), linkAliases: ['second', 'one'] }, view('second', 's')];
    expect(parseRoute('#/one', aliased)).toEqual({ kind: 'route', route: { view: 'first', params: {} }, dropped: [] });
    expect(parseRoute('#/second', aliased)).toEqual({ kind: 'route', route: { view: 'second', params: {} }, dropped: [] });
    for (const name of ['constructor', '__proto__', 'toString']) expect(parseRoute(`#/${name}`, aliased).kind, name).toBe('invalid');
  });
});
