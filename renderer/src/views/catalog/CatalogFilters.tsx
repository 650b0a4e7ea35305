import type { AccessStatus } from '../../../../shared/rows/catalog.ts';
import { accessStates, type CatalogFacets } from './catalog-filter.ts';
import { useCatalogFilters } from './catalog-filter-store.ts';

/** Props of the filter bar. */
export interface CatalogFiltersProps {
  /** Every source of the catalog, in name order. */
  sources: readonly string[];
  /** Every category of the catalog, in the order offered. */
  categories: readonly string[];
  facets: CatalogFacets;
  /** Markets shown with no source chosen (the "All sources" count). */
  allSources: number;
  allCategories: number;
  allAccess: number;
}

const grouped = (value: number): string => value.toLocaleString('en-US');

/**
 * Source, category, access and favourites filters, each choice with the count it would show
 * given the other filters.
 */
export function CatalogFilters({ sources, categories, facets, allSources, allCategories, allAccess }: CatalogFiltersProps) {
  const filters = useCatalogFilters();
  return (
    <div className="catalog-filters">
      <select aria-label="Source" className="catalog-source-select" value={filters.source ?? ''} onChange={(event) => filters.setSource(event.target.value === '' ? null : event.target.value)}>
        <option value="">All sources ({grouped(allSources)})</option>
        {sources.map((source) => (
          <option key={source} value={source}>
            {source} ({grouped(facets.sources.get(source) ?? 0)})
          </option>
        ))}
      </select>
      <div className="chip-row compact" role="radiogroup" aria-label="Category">
        <Chip label="All" count={allCategories} active={filters.category === null} onClick={() => filters.setCategory(null)} />
        {categories.map((category) => (
          <Chip key={category} label={category} count={facets.categories.get(category) ?? 0} active={filters.category === category} onClick={() => filters.setCategory(filters.category === category ? null : category)} />
        ))}
      </div>
      <div className="chip-row compact" role="radiogroup" aria-label="Access">
        <Chip label="Any access" count={allAccess} active={filters.access === null} onClick={() => filters.setAccess(null)} />
        {accessStates.map((status: AccessStatus) => (
          <Chip key={status} label={status} count={facets.access.get(status) ?? 0} active={filters.access === status} onClick={() => filters.setAccess(filters.access === status ? null : status)} className={`access-chip access-chip-${status}`} />
        ))}
      </div>
      <button type="button" className={filters.favouritesOnly ? 'chip active' : 'chip'} aria-pressed={filters.favouritesOnly} onClick={() => filters.setFavouritesOnly(!filters.favouritesOnly)}>
        ★ Favourites <span className="chip-count">{grouped(facets.favourites)}</span>
      </button>
    </div>
  );
}

function Chip({ label, count, active, onClick, className }: { label: string; count: number; active: boolean; onClick: () => void; className?: string }) {
  return (
    <button type="button" role="radio" aria-checked={active} className={`chip${active ? ' active' : ''}${count === 0 && !active ? ' empty' : ''}${className === undefined ? '' : ` ${className}`}`} onClick={onClick}>
      {label} <span className="chip-count">{grouped(count)}</span>
    </button>
  );
}
