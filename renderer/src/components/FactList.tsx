/** Props of a fact list. */
export interface FactListProps {
  facts: readonly (readonly [label: string, value: string])[];
}

/** A two-column list of labelled facts (About, market details). */
export function FactList({ facts }: FactListProps) {
  return (
    <dl className="panel-body facts">
      {facts.map(([label, value]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
