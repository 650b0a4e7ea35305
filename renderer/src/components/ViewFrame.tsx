import type { ReactNode } from 'react';

/** Props of a view's frame. */
export interface ViewFrameProps {
  title: string;
  subtitle: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The common frame of a view: a dense header line, then the view's content. */
export function ViewFrame({ title, subtitle, actions, children }: ViewFrameProps) {
  return (
    <section className="view" aria-labelledby="view-title">
      <header className="view-header">
        <h1 id="view-title">{title}</h1>
        <span className="view-subtitle">{subtitle}</span>
        <span className="view-actions">{actions}</span>
      </header>
      <div className="view-body">{children}</div>
    </section>
  );
}
