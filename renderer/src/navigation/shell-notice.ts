import { create } from 'zustand';

/** A short message the status bar shows for a few seconds: a link copied, a link read in part. */
export interface ShellNotice {
  id: number;
  text: string;
  tone: 'info' | 'warn';
}

/** The notice on show, if any. */
export interface ShellNoticeState {
  notice: ShellNotice | null;
  show: (text: string, tone?: ShellNotice['tone']) => void;
  /** Clears the notice if it is still this one (a newer one stays). */
  dismiss: (id: number) => void;
}

let nextId = 1;

/** The status bar's notice. */
export const useShellNotice = create<ShellNoticeState>((set) => ({
  notice: null,
  show: (text, tone = 'info') => set({ notice: { id: nextId++, text, tone } }),
  dismiss: (id) => set((state) => (state.notice?.id === id ? { notice: null } : state)),
}));

/** Tells the user what a link could not carry, or that it was not a link of this app. */
export function noticeLinkProblems(problems: readonly string[], ignoredWholly: boolean): void {
  if (problems.length === 0) return;
  const text = ignoredWholly ? `Link ignored: ${problems.join('; ')}` : `Link read without ${problems.join('; ')}`;
  useShellNotice.getState().show(text, 'warn');
}
