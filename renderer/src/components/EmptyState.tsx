import type { ReactNode } from 'react';

/** Props of an empty state. */
export interface EmptyStateProps {
  icon: string;
  title: string;
  children: ReactNode;
}

/** What a panel shows when it has nothing to show yet, and what will fill it. */
export function EmptyState({ icon, title, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <div className="empty-icon" aria-hidden="true">
        {icon}
      </div>
      <h2>{title}</h2>
      <div className="empty-body">{children}</div>
    </div>
  );
}
